package org.iobench.workload;

import java.util.List;
import java.util.Locale;
import org.iobench.result.Accounting;
import org.iobench.result.QueueDepths;
import org.iobench.result.ThreadUsage;
import org.iobench.result.WorkerEvidence;
import org.iobench.engine.IoFile;
import org.iobench.sysmon.ProcFs;
import org.iobench.sysmon.TaskCounters;

/**
 * Turns the worker threads' {@link TaskWindow}s into the run's evidence and its accounting self-check. Both rest on
 * the kernel's per-task counters of the workers alone: nothing another thread or process does can move them.
 */
final class TaskEvidence {
    /** Differences below this many bytes are not called a mismatch (a stray read of a class file, say). */
    static final long ACCOUNTING_FLOOR_BYTES = 64 * 1024;
    static final double ACCOUNTING_TOLERANCE = 0.01;

    private static final long PAGE_BYTES = ProcFs.system().auxv().pageSizeBytes();

    private TaskEvidence() {}

    /** The target's bytes not yet on the device (dirty or under writeback) right now; -1 where unknown. */
    static long unwrittenBytes(IoFile file) {
        long pages = file.unwrittenPages();
        return pages < 0 ? -1 : pages * PAGE_BYTES;
    }

    /**
     * One worker's window and counts, as the runner collected them.
     *
     * @param usage  the thread's own getrusage over the window; null where unknown
     * @param depths its queue depths over the window
     */
    record Counted(TaskWindow task, long windowNanos, long issuedBytesRead, long issuedBytesWritten,
                   ThreadUsage usage, QueueDepths depths) {}

    /**
     * The evidence of one run.
     *
     * @param threadIo      true when the engine does its I/O in the worker's own system calls, so the workers'
     *                      counters hold all of it
     * @param processWindow the whole process's counters over the window, for an engine whose I/O runs elsewhere in
     *                      the process; null when unknown or not attributable (a parallel group mixes its jobs there)
     * @param targetUnwrittenBytes the target's dirty and writeback bytes when the workers stopped; -1 if unknown
     */
    static WorkerEvidence evidence(List<Counted> workers, boolean threadIo, TaskCounters processWindow,
                                   long targetUnwrittenBytes) {
        TaskCounters sum = TaskCounters.ZERO;
        long windowNanos = 0;
        ThreadUsage usage = ThreadUsage.ZERO;
        QueueDepths depths = QueueDepths.none();
        for (Counted c : workers) {
            TaskCounters w = c.task().window();
            if (w == null) {
                return null;
            }
            sum = sum.plus(w);
            windowNanos += c.windowNanos();
            usage = usage == null || c.usage() == null ? null : usage.plus(c.usage());
            depths = depths.plus(c.depths());
        }
        String source = threadIo ? WorkerEvidence.WORKER_THREADS
                : processWindow != null ? WorkerEvidence.PROCESS : WorkerEvidence.NONE;
        TaskCounters storage = threadIo ? sum : processWindow;
        long read = storage == null ? -1 : storage.readBytes();
        long written = storage == null ? -1 : storage.writeBytes();
        long cancelled = storage == null ? -1 : storage.cancelledWriteBytes();
        return new WorkerEvidence(source, workers.size(), windowNanos, read, written, cancelled, sum.onCpuNanos(),
                sum.runQueueNanos(), targetUnwrittenBytes, usage, depths);
    }

    /**
     * The self-check: every byte the workers counted as transferred (warm-up included) against what the kernel counted
     * for the same threads over their life. {@code engineName} is named when its I/O bypasses rchar/wchar.
     */
    static Accounting accounting(List<Counted> workers, boolean countedInRwChars, String engineName) {
        long appRead = 0;
        long appWritten = 0;
        for (Counted c : workers) {
            appRead += c.issuedBytesRead();
            appWritten += c.issuedBytesWritten();
        }
        if (!countedInRwChars) {
            return new Accounting(false, appRead, appWritten, 0, 0, false, "the " + engineName
                    + " engine's I/O is not counted in the threads' rchar/wchar: nothing to compare with");
        }
        long kernelRead = 0;
        long kernelWritten = 0;
        for (Counted c : workers) {
            TaskCounters life = c.task().lifetime();
            if (life == null || life.readChars() < 0 || life.writeChars() < 0) {
                return new Accounting(false, appRead, appWritten, 0, 0, false,
                        "/proc/self/task/TID/io is not readable here");
            }
            kernelRead += life.readChars();
            kernelWritten += life.writeChars();
        }
        return compare(appRead, appWritten, kernelRead, kernelWritten);
    }

    /** The verdict on two pairs of counts; the note names both sides when they disagree. */
    static Accounting compare(long appRead, long appWritten, long kernelRead, long kernelWritten) {
        boolean readOff = off(appRead, kernelRead);
        boolean writeOff = off(appWritten, kernelWritten);
        String note = readOff || writeOff
                ? String.format(Locale.ROOT, "the workers counted %d bytes read and %d written; the kernel counted"
                        + " %d (rchar) and %d (wchar) for the same threads", appRead, appWritten, kernelRead,
                        kernelWritten)
                : "agrees with the worker threads' /proc task counters within 1%";
        return new Accounting(true, appRead, appWritten, kernelRead, kernelWritten, readOff || writeOff, note);
    }

    static boolean off(long app, long kernel) {
        long diff = Math.abs(kernel - app);
        return diff > ACCOUNTING_FLOOR_BYTES && diff > ACCOUNTING_TOLERANCE * app;
    }
}
