package org.iobench.micro;

import java.util.List;

/**
 * One variant's outcome.
 *
 * @param samplesNanosPerOp every measured sample, in the order taken (forks concatenated)
 * @param ratio             mean divided by the fastest variant's mean; 1 for the fastest, NaN when absent
 * @param ratioError        95 % uncertainty of {@code ratio} (relative CI half-widths added in quadrature);
 *                          0 for the fastest itself, NaN when absent
 * @param warnings          measurement problems, one line each
 */
public record VariantResult(String name, long opsPerSample, List<Double> samplesNanosPerOp, VariantSummary summary,
                            double ratio, double ratioError, List<String> warnings) {

    public VariantResult {
        samplesNanosPerOp = List.copyOf(samplesNanosPerOp);
        warnings = List.copyOf(warnings);
    }

    public double meanNanosPerOp() {
        return summary.meanNanosPerOp();
    }

    public double medianNanosPerOp() {
        return summary.medianNanosPerOp();
    }

    public double ci95NanosPerOp() {
        return summary.ci95NanosPerOp();
    }
}
