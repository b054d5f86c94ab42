package org.iobench.engine.uring;

import static org.iobench.sys.uring.IoUringAbi.SETUP_COOP_TASKRUN;
import static org.iobench.sys.uring.IoUringAbi.SETUP_DEFER_TASKRUN;
import static org.iobench.sys.uring.IoUringAbi.SETUP_IOPOLL;
import static org.iobench.sys.uring.IoUringAbi.SETUP_SQPOLL;
import static org.iobench.sys.uring.IoUringAbi.SETUP_SQ_AFF;
import static org.iobench.sys.uring.IoUringAbi.SETUP_R_DISABLED;
import static org.iobench.sys.uring.IoUringAbi.SETUP_SINGLE_ISSUER;
import static org.iobench.sys.uring.IoUringAbi.SETUP_SUBMIT_ALL;
import static org.iobench.sys.uring.IoUringAbi.SETUP_TASKRUN_FLAG;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.QueueSetup;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.SysException;
import org.iobench.sys.uring.IoUring;
import org.iobench.sys.uring.IoUringAbi;

/** Makes {@link UringEngine}s; {@code --engine uring}. */
final class UringProvider implements EngineProvider {
    /**
     * Set-up flags to try, best first; the kernel answers EINVAL for flags it does not know, and the next set
     * is tried. DEFER_TASKRUN (6.1) runs completion work only when the owner thread waits, the cheapest mode
     * for one thread per ring; R_DISABLED lets the first thread that submits, not the creating thread, become
     * the single issuer. COOP_TASKRUN (5.19) avoids interrupting the thread to run completions.
     */
    static final List<Integer> SETUP_FLAG_CHOICES = List.of(
            SETUP_SINGLE_ISSUER | SETUP_DEFER_TASKRUN | SETUP_R_DISABLED | SETUP_SUBMIT_ALL,
            SETUP_COOP_TASKRUN | SETUP_TASKRUN_FLAG | SETUP_SUBMIT_ALL,
            0);

    static final Path IO_URING_DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    /**
     * OUTSIDE_PROC_IO: see {@link UringEngine}, io_uring transfers are not counted in rchar/wchar. fio's
     * {@code posixaio} runs here too: glibc's POSIX AIO is threads of the process doing {@code pread}/{@code pwrite}
     * for up to iodepth requests at a time, buffered or direct; io_uring is the kernel's engine that keeps as many in
     * flight on both (its workers take the buffered ones that would block), where native AIO blocks in
     * {@code io_submit} on buffered files.
     */
    private static final EngineDescription DESCRIPTION = EngineDescription.of("uring", "io_uring",
            List.of("io_uring", "posixaio"),
            EngineFlag.ASYNC_BUFFERED, EngineFlag.PER_REQUEST_PRIORITY, EngineFlag.REGISTERED_BUFFERS,
            EngineFlag.REGISTERED_FILES, EngineFlag.SUBMISSION_THREAD, EngineFlag.POLLED_COMPLETIONS,
            EngineFlag.OUTSIDE_PROC_IO);

    @Override
    public EngineDescription description() {
        return DESCRIPTION;
    }

    @Override
    public IoEngine create(EngineOptions options) throws IOException {
        return create(options, flagChoices(options.setup()));
    }

    /**
     * The set-up flags to try for {@code setup}, best first. A submission thread (SQPOLL, with SQ_AFF for its CPU)
     * runs the ring's work itself, so the task-run flags are not for it (the kernel refuses them together); polled
     * completions add IOPOLL to every choice. Each choice keeps what was asked: a kernel that refuses it refuses the
     * run, never silently runs without it.
     */
    static List<Integer> flagChoices(QueueSetup setup) {
        int asked = (setup.polledCompletions() ? SETUP_IOPOLL : 0)
                | (setup.submitThread() ? SETUP_SQPOLL : 0)
                | (setup.submitThreadCpu() >= 0 ? SETUP_SQ_AFF : 0);
        if (setup.submitThread()) {
            return List.of(asked | SETUP_SINGLE_ISSUER | SETUP_R_DISABLED | SETUP_SUBMIT_ALL, asked | SETUP_SUBMIT_ALL,
                    asked);
        }
        return SETUP_FLAG_CHOICES.stream().map(f -> f | asked).toList();
    }

    /** Creates an engine trying {@code flagChoices} in order (tests and benchmarks pin one set). */
    static UringEngine create(EngineOptions options, List<Integer> flagChoices) throws IOException {
        int iodepth = options.iodepth();
        if (iodepth > IoUringAbi.MAX_ENTRIES) {
            throw new IllegalArgumentException("iodepth must be <= " + IoUringAbi.MAX_ENTRIES
                    + " for the uring engine: iodepth=" + iodepth);
        }
        QueueSetup asked = options.setup();
        IoUring ring = setup(iodepth, flagChoices, asked);
        try {
            NativeBuffer[] buffers = null;
            if (options.fixedBuffers()) {
                if (!options.buffers().isEmpty()) {
                    buffers = options.buffers().toArray(NativeBuffer[]::new);
                    long[] addresses = new long[buffers.length];
                    long[] lengths = new long[buffers.length];
                    for (int i = 0; i < buffers.length; i++) {
                        addresses[i] = buffers[i].address();
                        lengths[i] = buffers[i].size();
                    }
                    ring.registerBuffers(addresses, lengths);
                }
            }
            // A submission thread needs registered files, as fio's sqthread_poll sets registerfiles.
            boolean fixedFiles = options.fixedBuffers() || asked.registerFiles() || asked.submitThread();
            return new UringEngine(ring, iodepth, options.batch(), fixedFiles, buffers, options.clock());
        } catch (SysException e) {
            ring.close();
            throw new IOException("io_uring: cannot register fixed buffers: " + e.getMessage()
                    + (e.errno() == Errno.ENOMEM ? "; raise the locked-memory limit (ulimit -l)" : "")
                    + "; or run without fixed buffers", e);
        } catch (RuntimeException e) {
            ring.close();
            throw e;
        }
    }

    private static IoUring setup(int entries, List<Integer> flagChoices, QueueSetup asked) throws IOException {
        SysException last = null;
        for (int flags : flagChoices) {
            try {
                return IoUring.create(entries, flags, Math.max(asked.submitThreadCpu(), 0), 0);
            } catch (SysException e) {
                if (e.errno() != Errno.EINVAL) {
                    throw new IOException(refusal(asked, e.errno()), e);
                }
                last = e;
            }
        }
        throw new IOException(refusal(asked, last.errno()), last);
    }

    /** Why the ring could not be made: io_uring itself, or what was asked of it beyond the plain ring. */
    private static String refusal(QueueSetup asked, int errno) {
        if (asked.isNone() || errno == Errno.ENOSYS || errno == Errno.ENOMEM) {
            return unavailableMessage(errno, readDisabledSysctl());
        }
        return setupRefused(asked, errno);
    }

    /** One line for a kernel that makes plain rings but refused the ring {@code asked} for with {@code errno}. */
    static String setupRefused(QueueSetup asked, int errno) {
        String what = (asked.submitThread() ? "a submission thread (sqthread_poll"
                + (asked.submitThreadCpu() >= 0 ? ", sqthread_poll_cpu=" + asked.submitThreadCpu() : "") + ")" : "")
                + (asked.submitThread() && asked.polledCompletions() ? " with " : "")
                + (asked.polledCompletions() ? "polled completions (hipri)" : "");
        String why = errno == Errno.EPERM
                ? " (EPERM: before Linux 5.11 a submission thread needs CAP_SYS_ADMIN; or a security policy)"
                : ": " + Errno.describe(errno);
        return "io_uring refused " + what + why + "; run without it";
    }

    private static String readDisabledSysctl() {
        try {
            return Files.readString(IO_URING_DISABLED).strip();
        } catch (IOException | SecurityException e) {
            return null; // absent before Linux 6.6
        }
    }

    /**
     * One line saying why io_uring cannot be used, from the errno of {@code io_uring_setup} and the value of
     * {@code /proc/sys/kernel/io_uring_disabled} ({@code null} when the file is absent).
     */
    static String unavailableMessage(int errno, String ioUringDisabled) {
        String why;
        if (errno == Errno.ENOSYS) {
            why = "this kernel has no io_uring (io_uring_setup: ENOSYS; it needs Linux 5.6 or later)";
        } else if (errno == Errno.EPERM && "2".equals(ioUringDisabled)) {
            why = "it is disabled on this system (sysctl kernel.io_uring_disabled=2)";
        } else if (errno == Errno.EPERM && "1".equals(ioUringDisabled)) {
            why = "sysctl kernel.io_uring_disabled=1 allows it only to privileged processes and members of"
                    + " kernel.io_uring_group";
        } else if (errno == Errno.EPERM) {
            why = "io_uring_setup was refused with EPERM (a seccomp filter or security policy, e.g. a container's)";
        } else if (errno == Errno.ENOMEM) {
            why = "io_uring_setup: " + Errno.describe(errno) + " (locked-memory limit too low? see ulimit -l)";
        } else {
            why = "io_uring_setup: " + Errno.describe(errno);
        }
        return "io_uring is not available: " + why + "; use --engine psync";
    }
}
