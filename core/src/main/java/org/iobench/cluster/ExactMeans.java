package org.iobench.cluster;

import org.iobench.result.LatencySummary;

/**
 * The exact latency means, minima and maxima of a merged run: each host's mean comes from its exact sum (as fio's
 * does) and its min and max from the requests' own values, and the hosts' histograms, merged, only estimate them. So
 * the merged mean is the hosts' means weighted by their counts, the sum of every request's latency over the count,
 * and the min and max the hosts' smallest and largest, whenever every host's summary covers what its histograms
 * hold; otherwise (a host whose summary does not match its histograms) the merged histogram's estimates stay.
 */
final class ExactMeans {
    private double sumNanos;
    private long count;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private boolean exact = true;

    /** Adds a host's summary of the requests its histograms for this direction hold ({@code histogramCount}). */
    void add(LatencySummary host, long histogramCount) {
        if (host == null || host.count() != histogramCount) {
            exact &= histogramCount == 0;
            return;
        }
        sumNanos += host.meanNs() * host.count();
        count += host.count();
        if (host.count() > 0) {
            min = Math.min(min, host.minNs());
            max = Math.max(max, host.maxNs());
        }
    }

    void add(ExactMeans other) {
        sumNanos += other.sumNanos;
        count += other.count;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        exact &= other.exact;
    }

    /** {@code merged} with the exact mean, when every host's could be added and they cover its count. */
    LatencySummary apply(LatencySummary merged) {
        if (!exact || merged.count() == 0 || merged.count() != count) {
            return merged;
        }
        return new LatencySummary(merged.count(), min, sumNanos / count, merged.p50Ns(), merged.p90Ns(),
                merged.p99Ns(), merged.p999Ns(), merged.p9999Ns(), max);
    }
}
