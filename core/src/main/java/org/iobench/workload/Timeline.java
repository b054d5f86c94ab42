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
}
