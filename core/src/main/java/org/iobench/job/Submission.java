package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * How an asynchronous engine hands requests to the kernel and takes completions back, beyond depth and batch: fio's
 * {@code registerfiles}, {@code sqthread_poll}, {@code sqthread_poll_cpu}, {@code hipri} and
 * {@code iodepth_batch_complete_min/max}. The engine must say it can ({@code REGISTERED_FILES},
 * {@code SUBMISSION_THREAD}, {@code POLLED_COMPLETIONS}); the session refuses the job otherwise.
 *
 * <p>Reaping, as fio's {@code wait_for_completions}: the worker reaps when its queue is full, waiting in the kernel
 * for {@code reapMin} completions (at most the requests in flight) and taking at most {@code reapMax} of those ready
 * ({@code 0}: all of them, iobench's own way). {@code reapMin = 0} never blocks in the kernel: the worker asks again
 * until one is back (fio's {@code iodepth_batch_complete_min=0}). {@code reapEachSubmit} reaps one after every
 * request, not only on a full queue (fio's polling mode: both {@code iodepth_batch_complete} values 0).
 *
 * @param registerFiles     register the job's files with the kernel (fio's {@code registerfiles})
 * @param submitThread      a kernel thread takes requests from the queue (fio's {@code sqthread_poll})
 * @param submitThreadCpu   the CPU it runs on, -1 for the kernel's choice (fio's {@code sqthread_poll_cpu})
 * @param polledCompletions poll the device for completions (fio's {@code hipri})
 * @param reapMin           completions to wait for per reap (fio's {@code iodepth_batch_complete_min})
 * @param reapMax           completions taken per reap at most, 0 for all ready ({@code iodepth_batch_complete_max})
 * @param reapEachSubmit    reap after every submission (fio's polling mode)
 */
public record Submission(boolean registerFiles, boolean submitThread, int submitThreadCpu, boolean polledCompletions,
                         int reapMin, int reapMax, boolean reapEachSubmit) {
    /** iobench's way: nothing registered, no submission thread, wait for one completion, take all that are ready. */
    public static final Submission DEFAULT = new Submission(false, false, -1, false, 1, 0, false);

    public Submission {
        if (submitThreadCpu < -1) {
            throw new IllegalArgumentException("submitThreadCpu must be -1 or a CPU: " + submitThreadCpu);
        }
        if (reapMin < 0 || reapMax < 0) {
            throw new IllegalArgumentException("reapMin and reapMax must not be negative: " + reapMin + ", " + reapMax);
        }
    }

    /** True when nothing differs from {@link #DEFAULT}. */
    @JsonIgnore
    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** True when anything of the kernel queue's set-up is asked (not only reaping). */
    public boolean setsUpQueue() {
        return registerFiles || submitThread || polledCompletions;
    }

    public Submission withRegisterFiles(boolean v) {
        return new Submission(v, submitThread, submitThreadCpu, polledCompletions, reapMin, reapMax, reapEachSubmit);
    }

    public Submission withSubmitThread(boolean v, int cpu) {
        return new Submission(registerFiles, v, cpu, polledCompletions, reapMin, reapMax, reapEachSubmit);
    }

    public Submission withPolledCompletions(boolean v) {
        return new Submission(registerFiles, submitThread, submitThreadCpu, v, reapMin, reapMax, reapEachSubmit);
    }

    public Submission withReaping(int min, int max, boolean eachSubmit) {
        return new Submission(registerFiles, submitThread, submitThreadCpu, polledCompletions, min, max, eachSubmit);
    }
}
