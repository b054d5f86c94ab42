package org.iobench.search;

import java.util.List;

/**
 * The knee of a throughput curve: the first point (in increasing load) after which the next
 * {@code rules.flatSteps()} points all gain less than {@code rules.minGain()} over it. Loads beyond the knee buy
 * little throughput and cost latency (Little's law: in flight = throughput × latency).
 */
final class Knee {
    private Knee() {}

    /** The knee of {@code sorted} (complete points, increasing load), or null when the curve never flattens. */
    static Point find(List<Point> sorted, SaturationRules rules) {
        for (int k = 0; k + rules.flatSteps() < sorted.size(); k++) {
            if (rules.plateau(sorted.subList(0, k + rules.flatSteps() + 1))) {
                return sorted.get(k);
            }
        }
        return null;
    }
}
