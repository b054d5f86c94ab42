package org.iobench.workload;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.SteadyOutcome;

/**
 * Decides, one interval at a time, whether throughput has settled, as fio's {@code steadystate.c} does: once the
 * window holds {@code window / interval} values (at least 2), its largest deviation from the mean, or the absolute
 * slope of its least-squares line (x = 0, 1, ... per interval), is compared with the bound — as a fraction of the
 * mean for a relative bound ({@code iops:2%}), in the metric's units for an absolute one ({@code iops:10}); steady
 * when strictly below it, as fio's {@code criterion < limit}. A window with a mean of 0 is never steady: a stalled
 * device is not a steady one (fio's absolute bounds would call it steady; iobench does not).
 *
 * <pre>
 * SteadyState s = new SteadyState(SteadyCriterion.parse("iops:2%", 5_000_000_000L), 1_000_000_000L);
 * for each finished interval:  if (s.add(iopsOfThatInterval, bytesPerSecondOfIt)) { end the run }
 * SteadyOutcome o = s.outcome();
 * </pre>
 */
public final class SteadyState {
    private final SteadyCriterion criterion;
    private final long intervalNanos;
    private final int windowSize;
    private final ArrayDeque<Double> window = new ArrayDeque<>();
    private final ArrayDeque<Double> other = new ArrayDeque<>();
    private int added;
    private long reachedAtNanos = -1;
    private double judged = Double.NaN;

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
        return add(perSecond, Double.NaN);
    }

    /**
     * Adds the next interval: the judged metric's value and the other metric's (kept for the outcome only); true once
     * steady (and from then on).
     */
    public boolean add(double perSecond, double otherPerSecond) {
        if (reachedAtNanos >= 0) {
            return true;
        }
        added++;
        window.addLast(perSecond);
        other.addLast(otherPerSecond);
        if (window.size() > windowSize) {
            window.removeFirst();
            other.removeFirst();
        }
        if (window.size() == windowSize) {
            double mean = mean();
            double raw = criterion.slope() ? slope() : maxAbsoluteDeviation(mean);
            judged = criterion.relative() ? (mean > 0 ? raw / mean : Double.NaN) : raw;
            double bound = criterion.relative() ? criterion.boundFraction() : criterion.limit();
            if (mean > 0 && Math.abs(judged) < bound) {
                reachedAtNanos = added * intervalNanos;
            }
        }
        return reachedAtNanos >= 0;
    }

    public boolean reached() {
        return reachedAtNanos >= 0;
    }

    private double mean() {
        return window.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private double maxAbsoluteDeviation(double mean) {
        return window.stream().mapToDouble(v -> Math.abs(v - mean)).max().orElse(Double.NaN);
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
        return maxAbsoluteDeviation(mean) / mean;
    }

    /** The slope of the least-squares line through the window, per interval (fio's {@code steadystate_slope}). */
    private double slope() {
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
        return (sumXy - sumX * sumY / n) / (sumXx - sumX * sumX / n);
    }

    public SteadyOutcome outcome() {
        List<Double> values = new ArrayList<>(window);
        List<Double> others = other.stream().anyMatch(v -> !Double.isNaN(v)) ? new ArrayList<>(other) : List.of();
        return new SteadyOutcome(criterion, reached(), reachedAtNanos, values, mean(), maxDeviation(), others,
                judged);
    }
}
