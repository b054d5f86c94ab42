package org.iobench.report.fio;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.iobench.result.LatencySummary;

/**
 * One of fio's latency objects ({@code slat_ns}, {@code clat_ns}, {@code lat_ns}): min, max, mean, stddev, N in
 * nanoseconds, and percentiles. Made from iobench's latency summary (min, exact mean, max, N: the figures its own
 * text prints) and, where the run kept it, the histogram the summary came from: fio's default percentile list
 * (1 ... 99.99) read from it as iobench reads its own p99, the standard deviation, and fio's bins for {@code json+}.
 * Several jobs reported as one merge as fio merges them: min of minima, max of maxima, the mean weighted by count,
 * the histograms added.
 *
 * @param stddev    the standard deviation in ns, or NaN where no histogram was kept
 * @param histogram the distribution, or null where none was kept (then only the summary's percentiles are known)
 */
record FioLatency(long min, long max, double mean, double stddev, long count, Map<String, Long> percentiles,
                  Histogram histogram) {
    static final FioLatency EMPTY = new FioLatency(0, 0, 0, 0, 0, Map.of(), null);
    /** fio's default {@code percentile_list}. */
    static final double[] FIO_PERCENTILES = {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95,
            99.99};

    FioLatency {
        percentiles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    }

    static FioLatency of(LatencySummary s, Histogram h) {
        if (s == null || s.count() == 0) {
            return EMPTY;
        }
        if (h != null && h.getTotalCount() > 0) {
            return new FioLatency(s.minNs(), s.maxNs(), s.meanNs(), h.getStdDeviation(), s.count(), percentiles(h),
                    h);
        }
        Map<String, Long> p = new LinkedHashMap<>();
        put(p, 50, s.p50Ns());
        put(p, 90, s.p90Ns());
        put(p, 99, s.p99Ns());
        put(p, 99.9, s.p999Ns());
        put(p, 99.99, s.p9999Ns());
        return new FioLatency(s.minNs(), s.maxNs(), s.meanNs(), Double.NaN, s.count(), p, null);
    }

    private static Map<String, Long> percentiles(Histogram h) {
        Map<String, Long> p = new LinkedHashMap<>();
        for (double q : FIO_PERCENTILES) {
            p.put(key(q), h.getValueAtPercentile(q));
        }
        return p;
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

    /** Several jobs' latencies as one (fio's {@code sum_stat}); one alone is itself. */
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
        long min = some.stream().mapToLong(FioLatency::min).min().orElse(0);
        long max = some.stream().mapToLong(FioLatency::max).max().orElse(0);
        if (some.stream().allMatch(l -> l.histogram != null)) {
            Histogram sum = some.getFirst().histogram.copy();
            some.stream().skip(1).forEach(l -> sum.add(l.histogram));
            return new FioLatency(min, max, mean, sum.getStdDeviation(), n, percentiles(sum), sum);
        }
        return new FioLatency(min, max, mean, Double.NaN, n, Map.of(), null);
    }
}
