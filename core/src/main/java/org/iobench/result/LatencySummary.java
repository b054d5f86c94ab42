package org.iobench.result;

/**
 * Latency percentiles of one kind of operation, in nanoseconds. With no operations, every field is 0 and
 * {@code count} says so. A percentile the source did not report (an imported fio run whose {@code percentile_list}
 * left it out) is {@link #ABSENT}, never a made-up 0.
 */
public record LatencySummary(long count, long minNs, double meanNs, long p50Ns, long p90Ns, long p99Ns,
                             long p999Ns, long p9999Ns, long maxNs) {
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The value of a percentile that is not known; writers print it as {@code -}. */
    public static final long ABSENT = -1;

    /** True when {@code percentileNs} holds a measured value rather than {@link #ABSENT}. */
    public static boolean known(long percentileNs) {
        return percentileNs != ABSENT;
    }
}
