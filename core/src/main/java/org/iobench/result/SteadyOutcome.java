package org.iobench.result;

import java.util.List;
import org.iobench.job.SteadyCriterion;

/**
 * Whether a run with a steady-state criterion got there, with the numbers that decided it.
 *
 * @param criterion          what was asked ({@code iops:2%}, window)
 * @param reached            the last window's values all lay within the bound of their mean; the run then ended
 * @param reachedAtNanos     measured time at which it was reached; -1 if never
 * @param window             the last window's per-interval values (operations or bytes per second), oldest first;
 *                           fewer than a full window when the run ended first
 * @param windowMean         their mean; NaN with no values
 * @param windowMaxDeviation the largest |value - mean| / mean in the window; NaN with fewer than a full window
 */
public record SteadyOutcome(SteadyCriterion criterion, boolean reached, long reachedAtNanos, List<Double> window,
                            double windowMean, double windowMaxDeviation) {
    public SteadyOutcome {
        window = List.copyOf(window);
    }
}
