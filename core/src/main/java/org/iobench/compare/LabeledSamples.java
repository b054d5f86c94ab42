package org.iobench.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The runs of one workload under each value of a label, for example the MB/s of "dd1" per kernel.
 *
 * @param workload label of the row
 * @param samplesByLabel values of the runs per label value (for example {@code "2.6.24-rc1"});
 *     copied, iteration order kept; a label may be missing (no runs)
 * @param memberMeansByLabel per label value, the mean of each member of a parallel group (the per-job figure);
 *     empty for workloads that are not groups
 */
// equals() compares the arrays by identity, as records do; compare the samples' contents yourself.
public record LabeledSamples(String workload, Map<String, double[]> samplesByLabel,
                             Map<String, double[]> memberMeansByLabel) {

    /** @throws IllegalArgumentException if a value is NaN or infinite, naming workload and label */
    public LabeledSamples {
        Objects.requireNonNull(workload, "workload");
        Map<String, double[]> copy = new LinkedHashMap<>();
        samplesByLabel.forEach((label, values) -> {
            Samples.checkFinite("'" + workload + "' with " + label, values);
            copy.put(Objects.requireNonNull(label, "label"), values.clone());
        });
        samplesByLabel = Collections.unmodifiableMap(copy);
        memberMeansByLabel = Collections.unmodifiableMap(new LinkedHashMap<>(memberMeansByLabel));
    }

    /** A workload that is not a parallel group. */
    public LabeledSamples(String workload, Map<String, double[]> samplesByLabel) {
        this(workload, samplesByLabel, Map.of());
    }

    /** The members' means with {@code label}, or null outside a group. */
    public double[] memberMeans(String label) {
        double[] m = memberMeansByLabel.get(label);
        return m == null ? null : m.clone();
    }

    /** A copy of the runs with {@code label}; empty if there are none. */
    public double[] samples(String label) {
        double[] values = samplesByLabel.get(label);
        return values == null ? new double[0] : values.clone();
    }
}
