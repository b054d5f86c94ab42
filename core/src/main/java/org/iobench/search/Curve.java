package org.iobench.search;

import java.util.Comparator;
import java.util.List;

/**
 * What a search measured and concluded.
 *
 * @param axis    what it varied
 * @param points  every point measured, in the order measured
 * @param knee    the saturation knee: the first point whose next {@code flatSteps} steps gained less than
 *                {@code minGain} over it, or the last point before latency exploded; null when not reached
 * @param best    the recommended setting: for a saturation search the point with the highest throughput (a point
 *                whose latency exploded excluded); for a latency-targeted search the highest-throughput point
 *                meeting the target; null when none qualifies
 * @param stop    why the search stopped
 * @param target  the latency target of a latency-targeted search, null for a saturation search
 */
public record Curve(Axis axis, List<Point> points, Point knee, Point best, Stop stop, LatencyTarget target) {
    public Curve {
        points = List.copyOf(points);
    }

    /**
     * The points in increasing order of the axis (a rate search measures them out of order); an {@code auto}
     * search's in the order measured: threads first, then depth.
     */
    public List<Point> sorted() {
        if (axis == Axis.AUTO) {
            return points;
        }
        return points.stream().sorted(Comparator.comparingLong(p -> p.setting().level(axis))).toList();
    }
}
