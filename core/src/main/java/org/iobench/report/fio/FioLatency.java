package org.iobench.report.fio;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.result.LatencySummary;

/**
 * One of fio's latency objects ({@code slat_ns}, {@code clat_ns}, {@code lat_ns}): min, max, mean, stddev, N in
 * nanoseconds, and percentiles where fio reports them. Made from iobench's latency summaries, the same figures its
 * own text and JSON print; several jobs reported as one merge as fio merges them (min of minima, max of maxima, the
 * mean weighted by count).
 *
 * @param percentiles fio's percentile key ({@code 99.000000}) to nanoseconds; empty where iobench does not know them
 *                    (a group of several jobs: percentiles of a merge need the histograms)
 * @param stddev      the standard deviation in ns, or NaN where iobench did not keep it
 */
record FioLatency(long min, long max, double mean, double stddev, long count, Map<String, Long> percentiles) {
    static final FioLatency EMPTY = new FioLatency(0, 0, 0, 0, 0, Map.of());

    FioLatency {
        percentiles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    }

    static FioLatency of(LatencySummary s) {
        if (s == null || s.count() == 0) {
            return EMPTY;
        }
        Map<String, Long> p = new LinkedHashMap<>();
        put(p, 50, s.p50Ns());
        put(p, 90, s.p90Ns());
        put(p, 99, s.p99Ns());
        put(p, 99.9, s.p999Ns());
        put(p, 99.99, s.p9999Ns());
        return new FioLatency(s.minNs(), s.maxNs(), s.meanNs(), Double.NaN, s.count(), p);
    }

    private static void put(Map<String, Long> p, double percentile, long ns) {
        if (LatencySummary.known(ns)) {
            p.put(key(percentile), ns);
        }
    }

    /** fio's name of a percentile: C's {@code %f}. */
    static String key(double percentile) {
        return String.format(java.util.Locale.ROOT, "%f", percentile);
    }

    /** Several jobs' latencies as one (fio's {@code sum_stat}); one alone keeps its percentiles. */
    static FioLatency merge(List<FioLatency> parts) {
        List<FioLatency> some = parts.stream().filter(l -> l.count > 0).toList();
        if (some.isEmpty()) {
            return EMPTY;
        }
        if (some.size() == 1) {
            return some.getFirst();
        }
        long n = some.stream().mapToLong(FioLatency::count).sum();
        double mean = some.stream().mapToDouble(l -> l.mean * l.count).sum() / n;
        return new FioLatency(some.stream().mapToLong(FioLatency::min).min().orElse(0),
                some.stream().mapToLong(FioLatency::max).max().orElse(0), mean, Double.NaN, n, Map.of());
    }
}
