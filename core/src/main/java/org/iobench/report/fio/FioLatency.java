package org.iobench.report.fio;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.iobench.result.LatencyMoments;
import org.iobench.result.LatencySummary;

/**
 * One of fio's latency objects ({@code slat_ns}, {@code clat_ns}, {@code lat_ns}): min, max, mean, stddev, N in
 * nanoseconds, and percentiles. Made from the run's exact moments of that latency (count, min, max, mean and
 * standard deviation from every request's own value, as fio's {@code io_stat}) and its histogram: any percentile
 * list read from it as fio reads its bins (the first value whose running count reaches p % of N), and fio's bins for
 * {@code json+}. A run from before the moments were kept falls back to its summary (the histogram's min and max, its
 * standard deviation) and, without a histogram, to the summary's own percentiles. Several jobs reported as one merge
 * as fio's {@code sum_stat} merges them: min of minima, max of maxima, the mean weighted by count, the deviations
 * combined, the histograms added.
 *
 * @param stddev    the standard deviation in ns, or NaN where neither moments nor a histogram were kept
 * @param known     the summary's percentiles, for a run that kept no histogram (empty otherwise)
 * @param histogram the distribution, or null where none was kept (then only {@code known} percentiles are there)
 */
record FioLatency(long min, long max, double mean, double stddev, long count, Map<String, Long> known,
                  Histogram histogram) {
    static final FioLatency EMPTY = new FioLatency(0, 0, 0, 0, 0, Map.of(), null);

    FioLatency {
        known = Collections.unmodifiableMap(new LinkedHashMap<>(known));
    }

    /** From exact moments, with the histogram of the same requests (null where none was kept). */
    static FioLatency of(LatencyMoments m, Histogram h) {
        if (m == null || m.count() == 0) {
            return EMPTY;
        }
        return new FioLatency(m.minNs(), m.maxNs(), m.meanNs(), m.stddevNs(), m.count(), Map.of(),
                h != null && h.getTotalCount() > 0 ? h : null);
    }

    /** From a summary (a run from before the exact moments), with its histogram where kept. */
    static FioLatency of(LatencySummary s, Histogram h) {
        if (s == null || s.count() == 0) {
            return EMPTY;
        }
        if (h != null && h.getTotalCount() > 0) {
            return new FioLatency(s.minNs(), s.maxNs(), s.meanNs(), h.getStdDeviation(), s.count(), Map.of(), h);
        }
        Map<String, Long> p = new LinkedHashMap<>();
        put(p, 50, s.p50Ns());
        put(p, 90, s.p90Ns());
        put(p, 99, s.p99Ns());
        put(p, 99.9, s.p999Ns());
        put(p, 99.99, s.p9999Ns());
        return new FioLatency(s.minNs(), s.maxNs(), s.meanNs(), Double.NaN, s.count(), p, null);
    }

    /**
     * The percentiles of {@code list} (ascending), named as fio names them, each the first value whose running count
     * reaches p % of the count (fio's {@code calc_clat_percentiles}, HdrHistogram's {@code getValueAtPercentile});
     * without a histogram only the summary's known ones.
     */
    Map<String, Long> percentiles(List<Double> list) {
        if (histogram == null) {
            return known;
        }
        Map<String, Long> p = new LinkedHashMap<>();
        for (double q : list) {
            p.put(key(q), histogram.getValueAtPercentile(q));
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
        return String.format(Locale.ROOT, "%f", percentile);
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
        long n = 0;
        double mean = 0;
        double m2 = 0;
        boolean deviations = true;
        for (FioLatency l : some) {
            // Chan's parallel formula, as fio's sum_stat combines its S
            double delta = l.mean - mean;
            long total = n + l.count;
            double s = l.stddev * l.stddev * (l.count - 1);
            m2 += s + delta * delta * ((double) n * l.count / total);
            mean += delta * l.count / total;
            n = total;
            deviations &= !Double.isNaN(l.stddev);
        }
        long min = some.stream().mapToLong(FioLatency::min).min().orElse(0);
        long max = some.stream().mapToLong(FioLatency::max).max().orElse(0);
        double stddev = deviations ? Math.sqrt(m2 / (n - 1)) : Double.NaN;
        mean = some.stream().mapToDouble(l -> l.mean * l.count).sum() / n; // the sums' mean, exact as each part's
        if (some.stream().allMatch(l -> l.histogram != null)) {
            Histogram sum = some.getFirst().histogram.copy();
            some.stream().skip(1).forEach(l -> sum.add(l.histogram));
            return new FioLatency(min, max, mean, stddev, n, Map.of(), sum);
        }
        return new FioLatency(min, max, mean, stddev, n, Map.of(), null);
    }
}
