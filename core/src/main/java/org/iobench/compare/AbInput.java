package org.iobench.compare;

import java.util.Objects;

/**
 * The runs of one workload before and after a change, in the unit of the metric.
 *
 * @param workload label of the row, for example {@code "4K"} or {@code "4k randwrite"}
 * @param base values of the base runs (for example "w/o patch"); copied
 * @param candidate values of the new runs (for example "with patch"); copied
 */
// equals() compares the arrays by identity, as records do; compare the samples' contents yourself.
public record AbInput(String workload, double[] base, double[] candidate) {

    /** @throws IllegalArgumentException if a value is NaN or infinite, naming the workload */
    public AbInput {
        Objects.requireNonNull(workload, "workload");
        Samples.checkFinite("base of '" + workload + "'", base);
        Samples.checkFinite("candidate of '" + workload + "'", candidate);
        base = base.clone();
        candidate = candidate.clone();
    }

    @Override
    public double[] base() {
        return base.clone();
    }

    @Override
    public double[] candidate() {
        return candidate.clone();
    }
}
