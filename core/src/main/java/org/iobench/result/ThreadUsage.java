package org.iobench.result;

/**
 * What a run's worker threads used over the measured window, from each thread's own
 * {@code getrusage(RUSAGE_THREAD)} at the window's start and end, summed over the threads: fio's {@code usr_cpu},
 * {@code sys_cpu}, {@code ctx}, {@code majf} and {@code minf} of a job. Only the workers' threads count, not the
 * JVM's compiler, collector or monitor threads, nor kernel threads the engine hands I/O to.
 *
 * @param userNanos           user CPU time (the kernel counts it in µs)
 * @param systemNanos         system CPU time
 * @param voluntarySwitches   context switches where a thread gave up the CPU (it blocked: I/O, a wait)
 * @param involuntarySwitches context switches where the scheduler took the CPU away
 * @param minorFaults         page faults served without I/O
 * @param majorFaults         page faults that needed I/O
 */
public record ThreadUsage(long userNanos, long systemNanos, long voluntarySwitches, long involuntarySwitches,
                          long minorFaults, long majorFaults) {
    public static final ThreadUsage ZERO = new ThreadUsage(0, 0, 0, 0, 0, 0);

    /** fio's {@code ctx}: every context switch, voluntary or not. */
    public long contextSwitches() {
        return voluntarySwitches + involuntarySwitches;
    }

    /** Field-by-field sum (the threads of one job, the jobs of one group). */
    public ThreadUsage plus(ThreadUsage o) {
        return new ThreadUsage(userNanos + o.userNanos, systemNanos + o.systemNanos,
                voluntarySwitches + o.voluntarySwitches, involuntarySwitches + o.involuntarySwitches,
                minorFaults + o.minorFaults, majorFaults + o.majorFaults);
    }
}
