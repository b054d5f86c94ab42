package org.iobench.cluster;

import org.iobench.result.LatencySummary;

/**
 * The exact latency means of a merged run: each host's mean comes from its exact sum (as fio's does), and the hosts'
 * histograms, merged, only estimate it. So the merged mean is the hosts' means weighted by their counts, the sum of
 * every request's latency over the count, whenever every host's summary covers what its histograms hold; otherwise
 * (a host whose summary does not match its histograms) the merged histogram's estimate stays.
 */
final class ExactMeans {
    private double sumNanos;
    private long count;
    private boolean exact = true;

    /** Adds a host's summary of the requests its histograms for this direction hold ({@code histogramCount}). */
    void add(LatencySummary host, long histogramCount) {
        if (host == null || host.count() != histogramCount) {
            exact &= histogramCount == 0;
            return;
        }
        sumNanos += host.meanNs() * host.count();
        count += host.count();
    }

    void add(ExactMeans other) {
        sumNanos += other.sumNanos;
        count += other.count;
        exact &= other.exact;
    }

    /** {@code merged} with the exact mean, when every host's could be added and they cover its count. */
    LatencySummary apply(LatencySummary merged) {
        if (!exact || merged.count() == 0 || merged.count() != count) {
            return merged;
        }
        return new LatencySummary(merged.count(), merged.minNs(), sumNanos / count, merged.p50Ns(), merged.p90Ns(),
                merged.p99Ns(), merged.p999Ns(), merged.p9999Ns(), merged.maxNs());
    }
}
