package org.iobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.iobench.job.SteadyCriterion;

/**
 * Whether a run with a steady-state criterion got there, with the numbers that decided it.
 *
 * @param criterion          what was asked ({@code iops:2%}, window)
 * @param reached            the last window's values agreed within the bound; the run (with {@code group_reporting}
 *                           its group) then ended
 * @param reachedAtNanos     measured time at which it was reached; -1 if never
 * @param window             the last window's per-interval values of the judged metric (operations or bytes per
 *                           second, whole numbers as fio keeps them), oldest first; fewer than a full window when the
 *                           run ended first; for a group, its jobs' values added up
 * @param windowMean         their mean; NaN with no values
 * @param windowMaxDeviation the largest |value - mean| / mean in the window; NaN with fewer than a full window
 * @param otherWindow        the other metric over the same intervals (bytes per second when IOPS are judged, IOPS
 *                           when bandwidth is), as fio's {@code steadystate.data} lists both
 * @param judged             what the last full window was judged by, fio's {@code criterion}: its largest deviation
 *                           from the mean, or its slope per interval (signed), as a fraction of the mean for a
 *                           relative bound, in the metric's units for an absolute one; NaN before a full window
 */
public record SteadyOutcome(SteadyCriterion criterion, boolean reached, long reachedAtNanos, List<Double> window,
                            double windowMean, double windowMaxDeviation,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Double> otherWindow,
                            double judged) {
    public SteadyOutcome {
        window = List.copyOf(window);
        otherWindow = otherWindow == null ? List.of() : List.copyOf(otherWindow);
    }
}
