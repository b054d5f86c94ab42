package org.iobench.engine;

/**
 * How an asynchronous engine sets its kernel queue up beyond depth and batch, as fio's {@code io_uring} options do;
 * an engine that cannot do one refuses it (its description says which it can: {@code REGISTERED_FILES},
 * {@code SUBMISSION_THREAD}, {@code POLLED_COMPLETIONS}).
 *
 * @param registerFiles     register the files it opens with the kernel, requests naming them by index (fio's
 *                          {@code registerfiles})
 * @param submitThread      a kernel thread takes submitted requests from the queue by itself, without a system call
 *                          per batch (fio's {@code sqthread_poll}; implies registered files, as fio)
 * @param submitThreadCpu   the CPU that thread is bound to, or -1 for none (fio's {@code sqthread_poll_cpu})
 * @param polledCompletions completions are found by polling the device instead of waiting for its interrupt
 *                          (fio's {@code hipri}); direct I/O only
 */
public record QueueSetup(boolean registerFiles, boolean submitThread, int submitThreadCpu, boolean polledCompletions) {
    /** The engine's own choice: nothing registered, no submission thread, interrupt-driven completions. */
    public static final QueueSetup NONE = new QueueSetup(false, false, -1, false);

    public QueueSetup {
        if (submitThreadCpu < -1) {
            throw new IllegalArgumentException("submitThreadCpu must be -1 (none) or a CPU: " + submitThreadCpu);
        }
        if (submitThreadCpu >= 0 && !submitThread) {
            throw new IllegalArgumentException("a CPU for the submission thread needs the submission thread");
        }
    }

    /** True when nothing is asked beyond the engine's own choice. */
    public boolean isNone() {
        return equals(NONE);
    }
}
