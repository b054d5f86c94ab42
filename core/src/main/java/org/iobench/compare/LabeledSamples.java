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
 */
// equals() compares the arrays by identity, as records do; compare the samples' contents yourself.
public record LabeledSamples(String workload, Map<String, double[]> samplesByLabel) {

    /** @throws IllegalArgumentException if a value is NaN or infinite, naming workload and label */
    public LabeledSamples {
        Objects.requireNonNull(workload, "workload");
        Map<String, double[]> copy = new LinkedHashMap<>();
        samplesByLabel.forEach((label, values) -> {
            Samples.checkFinite("'" + workload + "' with " + label, values);
            copy.put(Objects.requireNonNull(label, "label"), values.clone());
        });
        samplesByLabel = Collections.unmodifiableMap(copy);
    }

    /** A copy of the runs with {@code label}; empty if there are none. */
    public double[] samples(String label) {
        double[] values = samplesByLabel.get(label);
        return values == null ? new double[0] : values.clone();
    }
}
