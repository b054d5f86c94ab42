package org.iobench.measure;

import org.HdrHistogram.Histogram;
import org.iobench.result.LatencySummary;

/**
 * Per-operation latencies of one worker and one kind of operation, in an HdrHistogram with 3 significant digits,
 * and their exact sum: the mean is the sum over the count, as fio's is (so a request's latency that is the sum of its
 * submission and completion latencies keeps that sum in the means: t0015), not the histogram's estimate, which
 * is off by up to its resolution. Not thread-safe: each worker records into its own, and the results are merged
 * after the run. The histogram is made at the first value (16 KB at first, growing with the largest value): a
 * worker keeps eight recorders, and a random-read job without a rate fills one of them.
 */
public final class LatencyRecorder {
    /** Null until the first value. */
    private Histogram histogram;
    private long sumNanos;

    /**
     * The heap one recorder takes once its latencies reach {@code highestNanos} (its histogram grows with the
     * largest value recorded), in bytes, from HdrHistogram's own estimate.
     */
    public static long footprintBytes(long highestNanos) {
        Histogram h = new Histogram(3);
        h.recordValue(Math.max(1, highestNanos));
        return h.getEstimatedFootprintInBytes();
    }

    public void record(long latencyNanos) {
        Histogram h = histogram;
        if (h == null) {
            h = histogram = new Histogram(3);
        }
        h.recordValue(Math.max(1, latencyNanos));
        sumNanos += Math.max(0, latencyNanos);
    }

    public long count() {
        return histogram == null ? 0 : histogram.getTotalCount();
    }

    /** Adds all of {@code other}'s values to this one. */
    public void add(LatencyRecorder other) {
        if (other.histogram != null) {
            if (histogram == null) {
                histogram = new Histogram(3);
            }
            histogram.add(other.histogram);
        }
        sumNanos += other.sumNanos;
    }

    /** The exact sum of the recorded latencies, in ns. */
    public long sumNanos() {
        return sumNanos;
    }

    /** The summary with the exact mean; percentiles, min and max from the histogram. */
    public LatencySummary summary() {
        if (histogram == null) {
            return LatencySummary.EMPTY;
        }
        LatencySummary s = summarize(histogram);
        return s.count() == 0 ? s : new LatencySummary(s.count(), s.minNs(), (double) sumNanos / s.count(), s.p50Ns(),
                s.p90Ns(), s.p99Ns(), s.p999Ns(), s.p9999Ns(), s.maxNs());
    }

    /** The summary of any histogram of nanoseconds (e.g. one merged from several hosts' histograms). */
    public static LatencySummary summarize(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return LatencySummary.EMPTY;
        }
        return new LatencySummary(histogram.getTotalCount(), histogram.getMinValue(), histogram.getMean(),
                histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(90),
                histogram.getValueAtPercentile(99), histogram.getValueAtPercentile(99.9),
                histogram.getValueAtPercentile(99.99), histogram.getMaxValue());
    }

    /** The histogram itself, for reports that plot the full distribution. */
    public Histogram histogram() {
        return histogram == null ? new Histogram(3) : histogram.copy();
    }
}
