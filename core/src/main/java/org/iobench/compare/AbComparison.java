package org.iobench.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.hipparchus.stat.StatUtils;
import org.hipparchus.util.CombinatoricsUtils;
import org.iobench.table.Formats;

/**
 * A/B comparison of workloads measured before ("base") and after ("new") a change, the shape of
 * benchstat's output and of the LKML "w/o patch / with patch" tables.
 *
 * <pre>
 * AbComparison c = AbComparison.of(inputs, AbOptions.defaults(Direction.HIGHER_IS_BETTER));
 * for (AbRow row : c.rows()) { ... row.gainPercent(), row.significant() ... }
 * c.geomean().gainPercent(); c.warnings();
 * </pre>
 *
 * @param options how rows were judged
 * @param rows one per input, in input order
 * @param geomean the summary row over {@code rows}
 * @param warnings sentences about results that should not be trusted, in the order found
 */
public record AbComparison(AbOptions options, List<AbRow> rows, Geomean geomean, List<String> warnings) {
    /** Runs per side below which a p-value means little (and Mann-Whitney U at 3 + 3 cannot reach 0.05). */
    public static final int MIN_RUNS = 4;

    public AbComparison {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(geomean, "geomean");
        rows = List.copyOf(rows);
        warnings = List.copyOf(warnings);
    }

    /**
     * Compares each input's base and new runs. Never throws for too few runs: statistics that
     * cannot be computed are NaN and a warning says why.
     *
     * @throws IllegalArgumentException if two inputs have the same workload label
     */
    public static AbComparison of(List<AbInput> inputs, AbOptions options) {
        Set<String> seen = new HashSet<>();
        Warnings warnings = new Warnings();
        List<AbRow> rows = new ArrayList<>();
        for (AbInput input : inputs) {
            if (!seen.add(input.workload())) {
                throw new IllegalArgumentException("workload '" + input.workload() + "' appears twice");
            }
            rows.add(row(input, options, warnings));
        }
        return new AbComparison(options, rows, geomean(rows, options.direction(), warnings),
                warnings.toList(rows.size()));
    }

    private static AbRow row(AbInput input, AbOptions options, Warnings warnings) {
        double[] base = input.base();
        double[] candidate = input.candidate();
        Summary b = Summary.of(base);
        Summary c = Summary.of(candidate);
        double ratio = b.mean() == 0 ? Double.NaN : c.mean() / b.mean();
        TestResult test = options.test().test(base, candidate, options.alpha());
        warnAboutRuns(input.workload(), b.n(), c.n(), options, test, warnings);
        return new AbRow(input.workload(), b, c, ratio, options.direction().gainPercent(ratio), test,
                test.isSignificantAt(options.alpha()));
    }

    private static void warnAboutRuns(
            String workload, int nBase, int nNew, AbOptions options, TestResult test, Warnings warnings) {
        String needed = "; " + MIN_RUNS + " or more are needed for a meaningful p-value";
        if (options.test() == SignificanceTest.AUTOMATIC && test.test() != SignificanceTest.MANN_WHITNEY_U) {
            // the test for few runs was chosen on purpose; the footnote names it and its assumption
        } else if (nBase < MIN_RUNS && nBase == nNew) {
            warnings.add("base and new have " + runs(nBase) + " for ", workload, needed);
        } else {
            if (nBase < MIN_RUNS) {
                warnings.add("base has " + runs(nBase) + " for ", workload, needed);
            }
            if (nNew < MIN_RUNS) {
                warnings.add("new has " + runs(nNew) + " for ", workload, needed);
            }
        }
        if (test.test() == SignificanceTest.MANN_WHITNEY_U && nBase > 0 && nNew > 0) {
            // The most extreme ordering has probability 1 / C(n1 + n2, n1) per side.
            double smallestP = Math.min(1, 2 / CombinatoricsUtils.binomialCoefficientDouble(nBase + nNew, nBase));
            if (smallestP >= options.alpha()) {
                warnings.add("with " + nBase + " + " + nNew + " runs of ", workload,
                        " the Mann-Whitney p-value cannot go below " + String.format(Locale.ROOT, "%.3f", smallestP)
                                + ", so no difference can be significant at alpha " + Formats.plain(options.alpha()));
            }
        }
        if (test.method() == PValueMethod.UNDEFINED && nBase >= 2 && nNew >= 2) {
            warnings.add("the t-test is undefined for ", workload, ": all runs on each side gave the same value");
        }
    }

    private static String runs(int n) {
        return n == 0 ? "no runs" : n == 1 ? "1 run" : n + " runs";
    }

    private static Geomean geomean(List<AbRow> rows, Direction direction, Warnings warnings) {
        List<AbRow> usable = new ArrayList<>();
        for (AbRow row : rows) {
            if (row.base().mean() > 0 && row.candidate().mean() > 0) {
                usable.add(row);
            } else {
                warnings.add("the geomean leaves out ", row.workload(), " (a mean is absent or not positive)");
            }
        }
        if (usable.isEmpty()) {
            return new Geomean(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double base = StatUtils.geometricMean(usable.stream().mapToDouble(r -> r.base().mean()).toArray());
        double candidate = StatUtils.geometricMean(usable.stream().mapToDouble(r -> r.candidate().mean()).toArray());
        double ratio = StatUtils.geometricMean(usable.stream().mapToDouble(AbRow::ratio).toArray());
        return new Geomean(base, candidate, ratio, direction.gainPercent(ratio), usable.size());
    }
}
