package org.iobench.report.fio;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * fio's latency distribution of a job ({@code latency_ns}, {@code latency_us}, {@code latency_ms}; {@code io_u.c}'s
 * {@code io_u_mark_latency}): each request counted in one bucket by its latency, below 1 us in the ns buckets, below
 * 1 ms in the us buckets, else in the ms buckets; each bucket named by its upper end (2, 4, 10, 20, 50, 100, 250, 500,
 * 750, 1000; 2000 and >=2000 for ms) and given as a percent of all requests, a non-empty one at least 0.01.
 * Counted from the completion latency's histograms, as fio counts its clat (for synchronous engines the whole request).
 */
final class FioBuckets {
    static final String[] NAMES = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000"};
    static final String[] MS_NAMES = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000",
            ">=2000"};

    /** Percents per bucket. */
    final double[] ns = new double[10];
    final double[] us = new double[10];
    final double[] ms = new double[12];
    /** The share of all requests below 1 us, percent: fio's terse us buckets count them in the first. */
    double belowMicrosecond;

    private FioBuckets() {}

    /** @param total the job's requests (fio divides by them, all directions) */
    static FioBuckets of(Histogram h, long total) {
        FioBuckets b = new FioBuckets();
        long[] n = new long[10];
        long[] u = new long[10];
        long[] m = new long[12];
        if (h != null) {
            for (HistogramIterationValue v : h.recordedValues()) {
                long nsec = h.medianEquivalentValue(v.getValueIteratedTo());
                long c = v.getCountAtValueIteratedTo();
                if (nsec < 1000) {
                    n[index(nsec)] += c;
                } else if (nsec < 1_000_000) {
                    u[index(nsec / 1000)] += c;
                } else {
                    long msec = nsec / 1_000_000;
                    m[msec >= 2000 ? 11 : msec >= 1000 ? 10 : index(msec)] += c;
                }
            }
        }
        percents(n, total, b.ns);
        long below = 0;
        for (long c : n) {
            below += c;
        }
        b.belowMicrosecond = total == 0 ? 0 : 100.0 * below / total;
        percents(u, total, b.us);
        percents(m, total, b.ms);
        return b;
    }

    /** fio's bucket of a value below 1000 in the unit of the bucket set. */
    static int index(long v) {
        if (v >= 750) return 9;
        if (v >= 500) return 8;
        if (v >= 250) return 7;
        if (v >= 100) return 6;
        if (v >= 50) return 5;
        if (v >= 20) return 4;
        if (v >= 10) return 3;
        if (v >= 4) return 2;
        if (v >= 2) return 1;
        return 0;
    }

    private static void percents(long[] counts, long total, double[] out) {
        for (int i = 0; i < counts.length; i++) {
            out[i] = total == 0 ? 0 : 100.0 * counts[i] / total;
            if (out[i] < 0.01 && counts[i] > 0) {
                out[i] = 0.01;
            }
        }
    }
}
