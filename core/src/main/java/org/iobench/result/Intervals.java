package org.iobench.result;

import java.util.List;

/**
 * A run's throughput series.
 *
 * @param intervalNanos length of each interval (the last may be shorter)
 * @param series        per-interval counts of the measured phase, by completion time
 */
public record Intervals(long intervalNanos, List<Interval> series) {
    public Intervals {
        series = List.copyOf(series);
    }
}
