package org.iobench.workload;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.SteadyOutcome;

/**
 * Decides, one interval at a time, whether throughput has settled: steady once each of the last
 * {@code window / interval} values (at least 2) lies within the criterion's bound of their mean (fio's
 * {@code ss=iops:N%}). A window with a mean of 0 is never steady: a stalled device is not a steady one.
 *
 * <pre>
 * SteadyState s = new SteadyState(SteadyCriterion.parse("iops:2%", 5_000_000_000L), 1_000_000_000L);
 * for each finished interval:  if (s.add(iopsOfThatInterval)) { end the run }
 * SteadyOutcome o = s.outcome(elapsedNanos);
 * </pre>
 */
public final class SteadyState {
    private final SteadyCriterion criterion;
    private final long intervalNanos;
    private final int windowSize;
    private final ArrayDeque<Double> window = new ArrayDeque<>();
    private int added;
    private long reachedAtNanos = -1;

    public SteadyState(SteadyCriterion criterion, long intervalNanos) {
        this.criterion = criterion;
        this.intervalNanos = intervalNanos;
        this.windowSize = (int) Math.max(2, Math.round((double) criterion.windowNanos() / intervalNanos));
    }

    /** How many intervals the window holds. */
    public int windowSize() {
        return windowSize;
    }

    /** Adds the value of the next interval; true once steady (and from then on). */
    public boolean add(double perSecond) {
        added++;
        window.addLast(perSecond);
        if (window.size() > windowSize) {
            window.removeFirst();
        }
        double judged = criterion.slope() ? slopeOverMean() : maxDeviation();
        if (reachedAtNanos < 0 && window.size() == windowSize && judged <= criterion.boundFraction()) {
            reachedAtNanos = added * intervalNanos;
        }
        return reachedAtNanos >= 0;
    }

    public boolean reached() {
        return reachedAtNanos >= 0;
    }

    private double mean() {
        return window.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** Largest |value - mean| / mean over a full window; NaN before it is full; infinite for a zero mean. */
    private double maxDeviation() {
        if (window.size() < windowSize) {
            return Double.NaN;
        }
        double mean = mean();
        if (!(mean > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return window.stream().mapToDouble(v -> Math.abs(v - mean) / mean).max().orElse(Double.NaN);
    }

    /**
     * fio's slope criterion: |slope of the least-squares line through the window (per interval)| over the window's
     * mean; NaN before the window is full.
     */
    private double slopeOverMean() {
        if (window.size() < windowSize) {
            return Double.NaN;
        }
        int n = window.size();
        double sumX = 0, sumY = 0, sumXy = 0, sumXx = 0;
        int x = 0;
        for (double y : window) {
            sumX += x;
            sumY += y;
            sumXy += x * y;
            sumXx += (double) x * x;
            x++;
        }
        double slope = (sumXy - sumX * sumY / n) / (sumXx - sumX * sumX / n);
        double mean = sumY / n;
        return mean > 0 ? Math.abs(slope) / mean : Double.POSITIVE_INFINITY;
    }

    public SteadyOutcome outcome() {
        List<Double> values = new ArrayList<>(window);
        return new SteadyOutcome(criterion, reached(), reachedAtNanos, values, mean(), maxDeviation());
    }
}
