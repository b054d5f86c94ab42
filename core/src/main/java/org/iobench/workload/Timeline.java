package org.iobench.workload;

/**
 * The start, end of warm-up and deadline of one run, in the clock's nanoseconds; fixed by the runner before
 * it releases the workers.
 *
 * @param measureStartNanos completions of requests issued from here on are measured
 * @param deadlineNanos     no request is issued from here on; {@code Long.MAX_VALUE} for size-based jobs
 */
public record Timeline(long startNanos, long measureStartNanos, long deadlineNanos) {

    public static Timeline of(long startNanos, long rampNanos, long timeNanos) {
        long measureStart = startNanos + rampNanos;
        return new Timeline(startNanos, measureStart, timeNanos > 0 ? measureStart + timeNanos : Long.MAX_VALUE);
    }

    /**
     * A job whose time started at {@code jobStartNanos}, before it waited for its other end (the window's start less
     * the wait), and whose window opens at {@code startNanos}: the ramp and the runtime count from the job's start (fio's epoch), the runtime from the
     * ramp's end when there is one (fio resets the epoch there); never a deadline before the window opens.
     */
    public static Timeline of(long startNanos, long rampNanos, long timeNanos, long jobStartNanos) {
        long measureStart = rampNanos == 0 ? startNanos : Math.max(startNanos, jobStartNanos + rampNanos);
        long timeFrom = rampNanos == 0 ? jobStartNanos : measureStart;
        return new Timeline(startNanos, measureStart,
                timeNanos > 0 ? Math.max(measureStart, timeFrom + timeNanos) : Long.MAX_VALUE);
    }
}
