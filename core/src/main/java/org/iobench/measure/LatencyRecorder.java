package org.iobench.measure;

import org.HdrHistogram.Histogram;
import org.iobench.result.LatencyMoments;
import org.iobench.result.LatencySummary;

/**
 * Per-operation latencies of one worker and one kind of operation, in an HdrHistogram with 3 significant digits,
 * and their exact figures: the sum (the mean is the sum over the count, as fio's is, so a request's latency that is
 * the sum of its submission and completion latencies keeps that sum in the means: t0015), the smallest and largest
 * value, and the spread around the first value for the standard deviation (fio's {@code io_stat}) — not the
 * histogram's estimates, which are off by up to its resolution. Not thread-safe: each worker records into its own,
 * and the results are merged after the run. The histogram is made at the first value, covering 32 times it, and made
 * again, 32 times the value, when a value falls beyond its range ({@link #GROWTH}): a random-read job without a rate
 * fills three of a worker's recorders.
 */
public final class LatencyRecorder {
    /**
     * How far a histogram's range grows at once when a value falls beyond it: 32 times that value (five of
     * HdrHistogram's buckets, 40 KB at 3 digits). Growing by exactly what the value needs, as HdrHistogram's
     * auto-resize does, copied every count at each doubling of the largest latency: a run whose tail crept from
     * microseconds to a second copied its histogram twenty times, inside the measured window.
     */
    static final long GROWTH = 32;
    /** Null until the first value. */
    private Histogram histogram;
    /** The largest value {@link #histogram} holds without growing; 0 before it is made. */
    private long rangeNanos;
    private long count;
    private long sumNanos;
    private long minNanos = Long.MAX_VALUE;
    private long maxNanos = Long.MIN_VALUE;
    /**
     * The standard deviation's sums, of each value's distance to {@code shift} (the first value): the distances
     * are small, so their squares keep the precision a sum of the values' own squares would lose.
     */
    private long shift;
    private long sumShifted;
    private double sumSquaresShifted;

    /**
     * The most heap one recorder takes once its latencies reach {@code highestNanos} (its histogram covers up to
     * {@link #GROWTH} times its largest value), in bytes, from HdrHistogram's own estimate.
     */
    public static long footprintBytes(long highestNanos) {
        long range = Math.max(1, highestNanos) > Long.MAX_VALUE / 2 / GROWTH ? Long.MAX_VALUE / 2
                : Math.max(1, highestNanos) * GROWTH;
        return new Histogram(1, Math.max(2, range), 3).getEstimatedFootprintInBytes();
    }

    public void record(long latencyNanos) {
        long v = Math.max(0, latencyNanos);
        long value = Math.max(1, v);
        Histogram h = histogram;
        if (value > rangeNanos) {
            h = resize(value > Long.MAX_VALUE / 2 / GROWTH ? Long.MAX_VALUE / 2 : value * GROWTH);
        }
        h.recordValue(value);
        if (count == 0) {
            shift = v;
        }
        count++;
        sumNanos += v;
        minNanos = Math.min(minNanos, v);
        maxNanos = Math.max(maxNanos, v);
        long d = v - shift;
        sumShifted += d;
        sumSquaresShifted += (double) d * d;
    }

    /** A histogram covering 1 ns to {@code highestNanos}, holding the counts so far. */
    private Histogram resize(long highestNanos) {
        Histogram bigger = new Histogram(1, Math.max(2, highestNanos), 3);
        bigger.setAutoResize(true);
        if (histogram != null) {
            bigger.add(histogram);
        }
        histogram = bigger;
        rangeNanos = bigger.getHighestTrackableValue();
        return bigger;
    }

    public long count() {
        return count;
    }

    /** A recorder holding exactly this one's values (a worker's figures so far, copied on its own thread). */
    public LatencyRecorder copy() {
        LatencyRecorder c = new LatencyRecorder();
        c.add(this);
        return c;
    }

    /** Adds all of {@code other}'s values to this one. */
    public void add(LatencyRecorder other) {
        if (other.count == 0) {
            return;
        }
        if (histogram == null) {
            resize(other.rangeNanos);
        }
        histogram.add(other.histogram);
        rangeNanos = histogram.getHighestTrackableValue();
        if (count == 0) {
            shift = other.shift;
            sumShifted = other.sumShifted;
            sumSquaresShifted = other.sumSquaresShifted;
        } else {
            // the other's distances re-based on this one's first value: d' = d + (other.shift - shift)
            long delta = other.shift - shift;
            sumSquaresShifted += other.sumSquaresShifted + 2.0 * delta * other.sumShifted
                    + (double) delta * delta * other.count;
            sumShifted += other.sumShifted + delta * other.count;
        }
        count += other.count;
        sumNanos += other.sumNanos;
        minNanos = Math.min(minNanos, other.minNanos);
        maxNanos = Math.max(maxNanos, other.maxNanos);
    }

    /** The exact sum of the recorded latencies, in ns. */
    public long sumNanos() {
        return sumNanos;
    }

    /** The exact count, min, max, mean and standard deviation. */
    public LatencyMoments moments() {
        if (count == 0) {
            return LatencyMoments.EMPTY;
        }
        double stddev = 0;
        if (count > 1) {
            double m2 = sumSquaresShifted - (double) sumShifted * sumShifted / count;
            stddev = Math.sqrt(Math.max(0, m2) / (count - 1));
        }
        return new LatencyMoments(count, minNanos, maxNanos, (double) sumNanos / count, stddev);
    }

    /** The summary with the exact count, min, mean and max; the percentiles from the histogram. */
    public LatencySummary summary() {
        if (count == 0) {
            return LatencySummary.EMPTY;
        }
        LatencySummary s = summarize(histogram);
        return new LatencySummary(count, minNanos, (double) sumNanos / count, s.p50Ns(), s.p90Ns(), s.p99Ns(),
                s.p999Ns(), s.p9999Ns(), maxNanos);
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
