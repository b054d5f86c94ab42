package org.iobench.micro;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One suite's outcome: variants in the order they were added, each with its ratio to the fastest.
 *
 * @param freshJvm              the variants ran interleaved in a fresh JVM of this suite's own
 *                              (see {@link RunOptions#isolateSuites()})
 * @param timerGranularityNanos smallest step of {@code System.nanoTime()} measured before timing
 * @param warnings              suite-level problems (variant-level ones are on each {@link VariantResult})
 */
public record SuiteResult(String name, Settings settings, boolean freshJvm, long timerGranularityNanos,
                          List<VariantResult> variants, List<String> warnings) {

    public SuiteResult {
        variants = List.copyOf(variants);
        warnings = List.copyOf(warnings);
    }

    /**
     * Computes statistics and ratios. The ratio of variant i to the fastest f is {@code mean_i / mean_f}; its
     * uncertainty follows first-order error propagation for a quotient of independent estimates:
     * {@code ratio * sqrt((ci_i / mean_i)^2 + (ci_f / mean_f)^2)} with 95 % CI half-widths.
     */
    static SuiteResult of(String name, Settings settings, boolean freshJvm, long timerGranularityNanos,
                          List<Measurement> measurements, List<String> warnings) {
        List<VariantSummary> summaries = measurements.stream().map(m -> VariantSummary.of(m.samplesNanosPerOp()))
                .toList();
        int fastest = -1;
        for (int i = 0; i < summaries.size(); i++) {
            double mean = summaries.get(i).meanNanosPerOp();
            if (!Double.isNaN(mean) && (fastest < 0 || mean < summaries.get(fastest).meanNanosPerOp())) {
                fastest = i;
            }
        }
        List<VariantResult> variants = new ArrayList<>();
        for (int i = 0; i < summaries.size(); i++) {
            VariantSummary s = summaries.get(i);
            double ratio = Double.NaN;
            double ratioError = Double.NaN;
            if (fastest >= 0) {
                VariantSummary f = summaries.get(fastest);
                ratio = i == fastest ? 1.0 : s.meanNanosPerOp() / f.meanNanosPerOp();
                ratioError = i == fastest ? 0.0 : ratio * Math.hypot(s.relativeCi95(), f.relativeCi95());
            }
            Measurement m = measurements.get(i);
            variants.add(new VariantResult(m.name(), m.opsPerSample(), m.samplesNanosPerOp(), s, ratio, ratioError,
                    m.warnings()));
        }
        return new SuiteResult(name, settings, freshJvm, timerGranularityNanos, variants, warnings);
    }

    /** The variant with the lowest mean, if any has one. */
    public Optional<VariantResult> fastest() {
        return variants.stream().filter(v -> !Double.isNaN(v.meanNanosPerOp()))
                .min(Comparator.comparingDouble(VariantResult::meanNanosPerOp));
    }

    /** The variant called {@code name}; throws if there is none. */
    public VariantResult variant(String variantName) {
        return variants.stream().filter(v -> v.name().equals(variantName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("suite '" + name + "' has no variant '"
                        + variantName + "'; variants: " + variants.stream().map(VariantResult::name).toList()));
    }
}
