package org.iobench.workload;

import org.iobench.sysmon.TaskCounters;

/**
 * The kernel's counters of one worker thread at three moments: when the thread started (before the start signal),
 * when the measured window opened (after the warm-up), and after its last request. The worker takes the first and the
 * last itself, outside its request loop; the runner takes the middle one from outside, through the thread's id, so
 * reading procfs never sits in the hot path.
 *
 * <pre>{@code
 * worker thread:  task.begin();  ... requests ...  task.end();
 * runner thread:  (at the end of the warm-up) task.open();
 * after join:     task.window(); task.lifetime();
 * }</pre>
 */
final class TaskWindow {
    private volatile long tid = -1;
    private volatile TaskCounters born;
    private volatile TaskCounters opened;
    private volatile TaskCounters ended;

    /** On the worker thread, before it waits for the start signal. */
    void begin() {
        tid = TaskCounters.currentTid();
        born = TaskCounters.ofSelf();
    }

    /** On the worker thread, after its last request. */
    void end() {
        ended = TaskCounters.ofSelfIoFirst();
    }

    /**
     * On the runner thread, when the measured window opens after a warm-up. A thread not started yet has done nothing,
     * and one that already ended did all its work before the window: both are handled.
     */
    void open() {
        long id = tid;
        if (id <= 0) {
            return; // not started: its own first reading opens its window
        }
        TaskCounters now = TaskCounters.ofTask(id);
        opened = now != null ? now : ended;
    }

    /**
     * This window as if the thread ended now (fio's {@code --status-interval} report of a running job): on the worker
     * thread, between two requests.
     */
    TaskWindow soFar() {
        TaskWindow w = new TaskWindow();
        w.tid = tid;
        w.born = born;
        w.opened = opened;
        w.ended = TaskCounters.ofSelfIoFirst();
        return w;
    }

    /** What the thread did in the measured window; null where the counters could not be read. */
    TaskCounters window() {
        TaskCounters from = opened != null ? opened : born;
        TaskCounters to = ended;
        return from == null || to == null ? null : to.minus(from);
    }

    /**
     * What the thread did in its whole life (warm-up included), less its own reading of its counters; null where they
     * could not be read.
     */
    TaskCounters lifetime() {
        TaskCounters from = born;
        TaskCounters to = ended;
        if (from == null || to == null) {
            return null;
        }
        TaskCounters d = to.minus(from);
        long reads = d.readChars() < 0 ? -1 : Math.max(0, d.readChars() - from.ioTextBytes());
        return new TaskCounters(reads, d.writeChars(), d.readBytes(),
                d.writeBytes(), d.cancelledWriteBytes(), d.onCpuNanos(), d.runQueueNanos(), 0);
    }
}
