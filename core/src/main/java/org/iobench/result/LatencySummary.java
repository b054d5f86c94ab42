package org.iobench.result;

/**
 * Latency percentiles of one kind of operation, in nanoseconds. With no operations, every field is 0 and
 * {@code count} says so.
 */
public record LatencySummary(long count, long minNs, double meanNs, long p50Ns, long p90Ns, long p99Ns,
                             long p999Ns, long p9999Ns, long maxNs) {
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);
}
