package org.iobench.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the highest load whose latency percentile stays within a target (fio's {@code latency_target}, vdbench's
 * {@code curve} runs).
 *
 * <p>Over parallelism: steps up by doubling while the target is met, stops at the first level that misses it (or
 * when throughput stops growing, or at {@code max}), then bisects the levels between the last that met it and the
 * first that missed, with at most {@code refine} more points.
 *
 * <p>Over a rate: measures the unthrottled load first (its throughput {@code M} is the ceiling), then bisects the
 * rate in (0, M] with {@code refine} points, judging each by its coordinated-omission-corrected latency, so a
 * schedule the device cannot keep shows as the queueing it is. The answer is within {@code M / 2^refine} of the
 * boundary.
 *
 * <p>Either way the best setting is the highest-throughput point that met the target (on a tie, the lower load).
 */
public final class LatencySearch {
    private final PointMeasurer measurer;
    private final SaturationRules rules;
    private final int refine;

    public LatencySearch(PointMeasurer measurer, SaturationRules rules, int refine) {
        if (refine < 0) {
            throw new IllegalArgumentException("refine " + refine);
        }
        this.measurer = measurer;
        this.rules = rules;
        this.refine = refine;
    }

    public Curve run(Setting start, Axis axis, int max, LatencyTarget target) throws IOException {
        if (axis == Axis.AUTO) {
            throw new IllegalArgumentException("a latency-targeted search varies one axis: threads, iodepth or rate");
        }
        return axis == Axis.RATE ? overRate(start, target) : overParallelism(start, axis, max, target);
    }

    private Curve overParallelism(Setting start, Axis axis, int max, LatencyTarget target) throws IOException {
        List<Point> points = new ArrayList<>();
        Point pass = null;
        Point fail = null;
        Stop stop = Stop.LIMIT;
        for (int level : Levels.doubling((int) start.level(axis), max)) {
            Point p = measurer.measure(start.with(axis, level));
            points.add(p);
            if (!p.complete()) {
                return curve(axis, points, Stop.INCOMPLETE, target);
            }
            if (!target.met(p)) {
                fail = p;
                stop = Stop.TARGET_BOUNDARY;
                break;
            }
            pass = p;
            if (rules.plateau(points)) {
                stop = Stop.PLATEAU;
                break;
            }
        }
        if (pass != null && fail != null) {
            int lo = (int) pass.setting().level(axis);
            int hi = (int) fail.setting().level(axis);
            for (int i = 0; i < refine && hi - lo > 1; i++) {
                int mid = (lo + hi) >>> 1;
                Point p = measurer.measure(start.with(axis, mid));
                points.add(p);
                if (!p.complete()) {
                    return curve(axis, points, Stop.INCOMPLETE, target);
                }
                if (target.met(p)) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
        }
        return curve(axis, points, stop, target);
    }

    private Curve overRate(Setting start, LatencyTarget target) throws IOException {
        List<Point> points = new ArrayList<>();
        Point unthrottled = measurer.measure(start.withRate(0));
        points.add(unthrottled);
        if (!unthrottled.complete()) {
            return curve(Axis.RATE, points, Stop.INCOMPLETE, target);
        }
        if (target.met(unthrottled)) {
            return new Curve(Axis.RATE, points, null, unthrottled, Stop.UNLIMITED_MEETS_TARGET, target);
        }
        double lo = 0;
        double hi = unthrottled.iops();
        for (int i = 0; i < refine; i++) {
            double rate = (lo + hi) / 2;
            Point p = measurer.measure(start.withRate(rate));
            points.add(p);
            if (!p.complete()) {
                return curve(Axis.RATE, points, Stop.INCOMPLETE, target);
            }
            if (target.met(p)) {
                lo = rate;
            } else {
                hi = rate;
            }
        }
        return curve(Axis.RATE, points, Stop.TARGET_BOUNDARY, target);
    }

    private Curve curve(Axis axis, List<Point> points, Stop stop, LatencyTarget target) {
        Point best = points.stream().filter(target::met)
                .max(Comparator.comparingDouble(Point::iops)
                        .thenComparing(Comparator.comparingLong((Point p) -> p.setting().level(axis)).reversed()))
                .orElse(null);
        List<Point> sorted = points.stream().filter(Point::complete).filter(p -> p.setting().rateOpsPerSecond() == 0
                        || axis == Axis.RATE)
                .sorted(Comparator.comparingLong(p -> p.setting().level(axis))).toList();
        Point knee = axis == Axis.RATE ? null : Knee.find(sorted, rules);
        return new Curve(axis, points, knee, best, stop, target);
    }
}
