package org.iobench.result;

/**
 * One kind of latency's exact figures, from every request's own value rather than from its histogram: the count,
 * the smallest and largest value, the mean (the sum over the count) and the sample standard deviation, in
 * nanoseconds. fio prints these (its {@code io_stat}: min, max, mean, stddev, N) beside the percentiles it reads from
 * its bins. With no requests every field is 0.
 *
 * @param stddevNs the sample standard deviation ({@code n - 1}; 0 with one value), as fio's {@code calc_lat}
 */
public record LatencyMoments(long count, long minNs, long maxNs, double meanNs, double stddevNs) {
    public static final LatencyMoments EMPTY = new LatencyMoments(0, 0, 0, 0, 0);
}
