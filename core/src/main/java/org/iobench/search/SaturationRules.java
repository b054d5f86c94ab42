package org.iobench.search;

import java.util.List;

/**
 * The numbers that decide when more parallelism stops paying.
 *
 * @param minGain          a step must raise throughput by at least this fraction to count as growth (0.05)
 * @param flatSteps        throughput is saturated when this many steps in a row gain less than {@code minGain}
 *                         over the point before them (2)
 * @param explosionFactor  latency exploded when a step's p99 exceeds this multiple of the previous step's p99
 *                         (4: doubling the load on a saturated device doubles its latency; four times is queueing
 *                         gone bad)
 */
public record SaturationRules(double minGain, int flatSteps, double explosionFactor) {
    public static final SaturationRules DEFAULT = new SaturationRules(0.05, 2, 4.0);

    public SaturationRules {
        if (!(minGain > 0) || flatSteps < 1 || !(explosionFactor > 1)) {
            throw new IllegalArgumentException("minGain " + minGain + ", flatSteps " + flatSteps
                    + ", explosionFactor " + explosionFactor);
        }
    }

    /**
     * True when the last {@code flatSteps} points of {@code points} all stay below {@code (1 + minGain)} times the
     * throughput of the point just before them: that earlier point is the knee.
     */
    public boolean plateau(List<Point> points) {
        int n = points.size();
        if (n < flatSteps + 1) {
            return false;
        }
        double base = points.get(n - 1 - flatSteps).iops();
        for (int i = n - flatSteps; i < n; i++) {
            if (points.get(i).iops() >= (1 + minGain) * base) {
                return false;
            }
        }
        return true;
    }

    /** True when the last point's p99 exceeds {@code explosionFactor} times the one before it. */
    public boolean latencyExploded(List<Point> points) {
        int n = points.size();
        if (n < 2) {
            return false;
        }
        long before = points.get(n - 2).p99Ns();
        return before > 0 && points.get(n - 1).p99Ns() > explosionFactor * before;
    }
}
