package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iobench.job.InvalidJobException;
import org.iobench.sys.Errno;
import org.iobench.sys.FileId;
import org.iobench.sys.FileLock;
import org.iobench.sys.SysException;
import org.iobench.sysmon.ProcLocks;

/**
 * The claim a job holds on a file or block device for as long as it uses it, so that two iobench processes never
 * run on one target at once (each would see the other's blocks: false "stale block" verify alarms, figures of two
 * loads):
 * <ul>
 *   <li>an advisory {@code flock}, exclusive for a job that writes, shared for one that only reads: readers may
 *       share a target, a writer has it alone. Another process's lock refuses the job, naming the holder from
 *       {@code /proc/locks};</li>
 *   <li>for a block device that will be written, also an exclusive open ({@code O_EXCL}): the kernel's own
 *       verdict, which fails with EBUSY while a filesystem, swap, device-mapper, md or any other exclusive opener
 *       holds the device, and which keeps anyone from mounting it while the job runs.</li>
 * </ul>
 * Jobs of one process share a claim (a parallel group of jobs on one file is the user's design, as in fio); it is
 * released when the last of them {@link #close closes}. The kernel drops the locks when the process dies.
 */
public final class TargetClaim implements AutoCloseable {
    private static final Map<Key, Holder> HELD = new HashMap<>();

    private record Key(int major, int minor, long inode) {}

    private static final class Holder {
        final FileLock lock;
        /** The flock held: none yet, shared or exclusive. */
        Lock held = Lock.NONE;
        FileLock exclusiveOpen;
        int users;

        Holder(FileLock lock) {
            this.lock = lock;
        }
    }

    private enum Lock { NONE, SHARED, EXCLUSIVE }

    private final Key key;
    private boolean closed;

    private TargetClaim(Key key) {
        this.key = key;
    }

    /**
     * A shared claim for a command that only reads {@code path} ({@code iobench verify}): refused while another
     * process writes it, shared with other readers.
     *
     * @param option the option or operand that named it, for the refusal
     */
    public static TargetClaim forReading(Path path, String option) throws IOException {
        return acquire(path, false, false, option, null);
    }

    /**
     * Claims {@code path} (links followed).
     *
     * @param writes         the job writes it: an exclusive lock, else a shared one
     * @param exclusiveOpen  also hold an {@code O_EXCL} open (block devices that will be written)
     * @param option         the option that named it ({@code TARGET}, {@code --source}), for the refusal
     * @param expected       the file the caller has checked or created (null: whatever {@code path} names now); a
     *                       different file there means it was replaced in between, and nothing is claimed
     * @throws InvalidJobException when another process holds a conflicting lock or the kernel reports the device
     *                             busy: the job must not run
     * @throws IOException         when the target cannot be opened, or is no longer {@code expected}
     */
    static TargetClaim acquire(Path path, boolean writes, boolean exclusiveOpen, String option, FileId expected)
            throws IOException {
        synchronized (HELD) {
            FileLock lock = FileLock.open(path);
            Key key;
            try {
                FileId id = lock.id();
                if (expected != null && !expected.sameFile(id)) {
                    throw new IOException(path + " was replaced by another file (" + id + ") while iobench prepared"
                            + " it (" + expected + ")");
                }
                key = new Key(id.devMajor(), id.devMinor(), id.inode());
            } catch (IOException e) {
                lock.release();
                throw e;
            }
            Holder h = HELD.get(key);
            if (h != null) {
                lock.release(); // this process has it already: share that claim
            } else {
                h = new Holder(lock);
            }
            Lock wanted = writes ? Lock.EXCLUSIVE : Lock.SHARED;
            try {
                if (h.held != Lock.EXCLUSIVE && h.held != wanted) {
                    if (!h.lock.tryLock(writes)) {
                        throw new InvalidJobException(option, path, "refusing to " + (writes ? "write" : "read")
                                + " it: " + holders(path, writes));
                    }
                    h.held = wanted;
                }
                if (exclusiveOpen && h.exclusiveOpen == null) {
                    h.exclusiveOpen = openExclusive(path, option);
                }
            } catch (RuntimeException | IOException e) {
                if (h.users == 0) {
                    release(h);
                }
                throw e;
            }
            h.users++;
            HELD.put(key, h);
            return new TargetClaim(key);
        }
    }

    private static FileLock openExclusive(Path device, String option) throws SysException {
        try {
            return FileLock.openExclusive(device);
        } catch (SysException e) {
            if (e.errno() == Errno.EBUSY) {
                throw new InvalidJobException(option, device, "refusing to write: the kernel reports it in use (an"
                        + " exclusive open fails with EBUSY: a mounted filesystem, swap, device-mapper, md or"
                        + " another program holds it)");
            }
            throw e;
        }
    }

    private static String holders(Path path, boolean writes) {
        ProcLocks locks = ProcLocks.system();
        List<ProcLocks.Lock> held = locks.on(path).stream().filter(l -> l.kind().equals("FLOCK"))
                .filter(l -> l.pid() != ProcessHandle.current().pid()).toList();
        if (held.isEmpty()) {
            return "another process holds a lock on it (flock)";
        }
        ProcLocks.Lock first = held.getFirst();
        String what = first.access().equals("WRITE") ? "writing" : "reading";
        return locks.describeHolder(first.pid()) + " is " + what + " it" + (writes && what.equals("reading")
                ? "; a write needs the target alone" : "") + " (flock in /proc/locks)";
    }

    /** Closes the claim's descriptors, which drops its locks (nothing was written through them: no error to see). */
    private static void release(Holder h) {
        if (h.exclusiveOpen != null) {
            h.exclusiveOpen.release();
        }
        h.lock.release();
    }

    /** Releases this job's share of the claim; the last one releases the locks. */
    @Override
    public void close() {
        synchronized (HELD) {
            if (closed) {
                return;
            }
            closed = true;
            Holder h = HELD.get(key);
            if (h != null && --h.users == 0) {
                HELD.remove(key);
                release(h);
            }
        }
    }
}
