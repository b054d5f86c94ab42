package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One task's (thread's) own counters from the kernel's per-task accounting: {@code /proc/self/task/TID/io} and
 * {@code .../schedstat}. Unlike {@code /proc/diskstats}, these count only what this thread did or caused, so no
 * other process (and no other thread of iobench: the monitor, the JIT compiler, class loading) can move them.
 * Cumulative since the thread started; -1 where the kernel does not provide a field.
 *
 * <pre>{@code
 * long tid = TaskCounters.currentTid();           // on the worker thread, before it starts
 * TaskCounters a = TaskCounters.ofTask(tid);      // from any thread of the process, while the task lives
 * ... the thread works ...
 * TaskCounters caused = TaskCounters.ofSelf().minus(a);   // on the worker thread, before it ends
 * }</pre>
 *
 * @param readChars      rchar: bytes passed to read-like system calls (page-cache hits included)
 * @param writeChars     wchar: bytes passed to write-like system calls
 * @param readBytes      read_bytes: bytes this task caused to be fetched from storage (readahead, a read-modify-write,
 *                       O_DIRECT reads), counted when the block layer is asked
 * @param writeBytes     write_bytes: bytes this task caused to be sent to storage, counted when it dirtied a page
 *                       (buffered) or submitted the write (O_DIRECT), not when the device wrote them
 * @param cancelledWriteBytes cancelled_write_bytes: dirtied bytes later truncated away before writeback
 * @param onCpuNanos     time the task ran on a CPU, ns (schedstat field 1)
 * @param runQueueNanos  time the task was runnable but waiting for a CPU, ns (schedstat field 2)
 * @param ioTextBytes    bytes of the {@code io} file this reading consumed: a thread reading its own counters adds
 *                       them to its own rchar
 */
public record TaskCounters(long readChars, long writeChars, long readBytes, long writeBytes,
                           long cancelledWriteBytes, long onCpuNanos, long runQueueNanos, long ioTextBytes) {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Path TASKS = Path.of("/proc/self/task");

    /** All zero: the sum of no threads. */
    public static final TaskCounters ZERO = new TaskCounters(0, 0, 0, 0, 0, 0, 0, 0);

    /**
     * The calling thread's kernel id (what {@code gettid} returns), from the {@code /proc/thread-self} link
     * ({@code PID/task/TID}); -1 where procfs does not have it.
     */
    public static long currentTid() {
        try {
            Path link = Files.readSymbolicLink(THREAD_SELF);
            return Long.parseLong(link.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The calling thread's counters. The {@code io} file is read last, so the reading's own rchar is
     * {@link #ioTextBytes} and nothing else; null where the files cannot be read.
     */
    public static TaskCounters ofSelf() {
        return read(THREAD_SELF.resolve("schedstat"), THREAD_SELF.resolve("io"), false);
    }

    /**
     * The time the calling thread has run on a CPU so far, ns ({@code schedstat} field 1: user and system time,
     * without the time it waited for a CPU); -1 where procfs does not have it. One small file read, no {@code io}.
     */
    public static long selfOnCpuNanos() {
        try {
            return Fields.nthNumber(text(THREAD_SELF.resolve("schedstat")), 0, 0, -1);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Like {@link #ofSelf()}, with the {@code io} file read first: at the end of a window, so this reading's own
     * rchar falls after it.
     */
    public static TaskCounters ofSelfIoFirst() {
        return read(THREAD_SELF.resolve("schedstat"), THREAD_SELF.resolve("io"), true);
    }

    /** Another thread of this process, by kernel id; null once it has ended (its directory is gone) or unreadable. */
    public static TaskCounters ofTask(long tid) {
        if (tid <= 0) {
            return null;
        }
        Path dir = TASKS.resolve(Long.toString(tid));
        return read(dir.resolve("schedstat"), dir.resolve("io"), true);
    }

    /**
     * The whole process ({@code /proc/self/io}): every thread, live or ended, including the kernel threads an
     * engine such as io_uring hands work to. CPU fields are -1 (not summed here).
     */
    public static TaskCounters ofProcess() {
        try {
            String io = text(Path.of("/proc/self/io"));
            return parse(io, "");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static TaskCounters read(Path schedstat, Path io, boolean ioFirst) {
        try {
            String ioText;
            String sched;
            if (ioFirst) {
                ioText = text(io);
                sched = text(schedstat);
            } else {
                sched = text(schedstat);
                ioText = text(io);
            }
            return parse(ioText, sched);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String text(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
    }

    /** Parses the text of an {@code io} file and of a {@code schedstat} file (either may be empty). */
    public static TaskCounters parse(String io, String schedstat) {
        String s = schedstat == null ? "" : schedstat;
        if (Fields.valueOf(io, "rchar", -1) < 0) {
            throw new IllegalArgumentException("no rchar in the io text");
        }
        return new TaskCounters(Fields.valueOf(io, "rchar", -1), Fields.valueOf(io, "wchar", -1),
                Fields.valueOf(io, "read_bytes", -1), Fields.valueOf(io, "write_bytes", -1),
                Fields.valueOf(io, "cancelled_write_bytes", -1), Fields.nthNumber(s, 0, 0, -1),
                Fields.nthNumber(s, 0, 1, -1), io.length());
    }

    /** What happened between {@code earlier} and this reading, field by field; -1 where either side is unknown. */
    public TaskCounters minus(TaskCounters earlier) {
        return new TaskCounters(d(readChars, earlier.readChars), d(writeChars, earlier.writeChars),
                d(readBytes, earlier.readBytes), d(writeBytes, earlier.writeBytes),
                d(cancelledWriteBytes, earlier.cancelledWriteBytes), d(onCpuNanos, earlier.onCpuNanos),
                d(runQueueNanos, earlier.runQueueNanos), 0);
    }

    /** Field-by-field sum (for the threads of one job); -1 where either side is unknown. */
    public TaskCounters plus(TaskCounters other) {
        return new TaskCounters(s(readChars, other.readChars), s(writeChars, other.writeChars),
                s(readBytes, other.readBytes), s(writeBytes, other.writeBytes),
                s(cancelledWriteBytes, other.cancelledWriteBytes), s(onCpuNanos, other.onCpuNanos),
                s(runQueueNanos, other.runQueueNanos), 0);
    }

    private static long d(long later, long earlier) {
        return later < 0 || earlier < 0 ? -1 : Math.max(0, later - earlier);
    }

    private static long s(long a, long b) {
        return a < 0 || b < 0 ? -1 : a + b;
    }
}
