package org.iobench.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Workloads as rows, the values of one label as columns ({@code iobench compare --by kernel}),
 * like the LKML table of dd MB/s under 2.6.19.2, 2.6.22.6 and 2.6.24-rc1. Each cell holds the
 * summary of its runs and its cost relative to the fastest cell of the row (the .NET story's
 * "For 1,00 / ForEach 1,38").
 *
 * @param labelKey name of the label, for example {@code "kernel"}; {@code ""} for none
 * @param labels the column labels, in column order
 * @param direction which way the metric improves; decides which cell is fastest
 * @param rows one per input, in input order
 * @param warnings sentences about cells that should not be trusted
 * @param reference the column every ratio is taken against; null for the fastest cell of each row
 */
public record MultiColumnComparison(
        String labelKey, List<String> labels, Direction direction, List<MultiRow> rows, List<String> warnings,
        String reference) {

    public MultiColumnComparison {
        Objects.requireNonNull(labelKey, "labelKey");
        Objects.requireNonNull(direction, "direction");
        labels = List.copyOf(labels);
        rows = List.copyOf(rows);
        warnings = List.copyOf(warnings);
    }

    /** As {@link #of(String, List, List, Direction)} with the labels in order of first appearance. */
    public static MultiColumnComparison of(String labelKey, List<LabeledSamples> inputs, Direction direction) {
        Set<String> labels = new LinkedHashSet<>();
        inputs.forEach(in -> labels.addAll(in.samplesByLabel().keySet()));
        return of(labelKey, List.copyOf(labels), inputs, direction);
    }

    /**
     * Summarizes every cell and its ratio to the fastest cell of its row. Never throws for
     * missing cells or too few runs: those statistics are NaN and a warning says so.
     *
     * @throws IllegalArgumentException if a workload appears twice or has runs under a label
     *     that is not in {@code labels}
     */
    public static MultiColumnComparison of(
            String labelKey, List<String> labels, List<LabeledSamples> inputs, Direction direction) {
        return of(labelKey, labels, inputs, direction, null);
    }

    /**
     * As {@link #of(String, List, List, Direction)}, ratios taken against column {@code reference} (one of
     * {@code labels}) instead of each row's fastest cell; null for the fastest.
     *
     * @throws IllegalArgumentException if {@code reference} is not one of {@code labels}
     */
    public static MultiColumnComparison of(String labelKey, List<String> labels, List<LabeledSamples> inputs,
                                           Direction direction, String reference) {
        if (reference != null && !labels.contains(reference)) {
            throw new IllegalArgumentException(column(labelKey, reference) + " is not one of the columns " + labels);
        }
        Warnings warnings = new Warnings();
        Set<String> seen = new HashSet<>();
        List<MultiRow> rows = new ArrayList<>();
        for (LabeledSamples input : inputs) {
            if (!seen.add(input.workload())) {
                throw new IllegalArgumentException("workload '" + input.workload() + "' appears twice");
            }
            for (String label : input.samplesByLabel().keySet()) {
                if (!labels.contains(label)) {
                    throw new IllegalArgumentException("'" + input.workload() + "' has runs with " + column(labelKey, label)
                            + ", which is not one of the columns " + labels);
                }
            }
            rows.add(row(labelKey, labels, input, direction, warnings, reference));
        }
        return new MultiColumnComparison(labelKey, labels, direction, rows, warnings.toList(rows.size()), reference);
    }

    private static MultiRow row(String labelKey, List<String> labels, LabeledSamples input, Direction direction,
                                Warnings warnings, String reference) {
        List<Summary> summaries = new ArrayList<>();
        int fastest = -1;
        for (int i = 0; i < labels.size(); i++) {
            Summary s = Summary.of(input.samples(labels.get(i)));
            summaries.add(s);
            String column = column(labelKey, labels.get(i));
            if (s.n() == 0) {
                warnings.add("no runs with " + column + " for ", input.workload(), "");
            } else if (!(s.mean() > 0)) {
                warnings.add("no ratio with " + column + " for ", input.workload(), ": the mean is not positive");
            } else {
                if (s.n() == 1) {
                    warnings.add("1 run with " + column + " for ", input.workload(),
                            "; 2 or more are needed for the uncertainty of a ratio");
                }
                if (reference == null
                        && (fastest < 0 || direction.isBetter(s.mean(), summaries.get(fastest).mean()))) {
                    fastest = i;
                }
            }
        }
        if (reference != null) {
            int r = labels.indexOf(reference);
            fastest = summaries.get(r).mean() > 0 ? r : -1;
        }
        List<MultiCell> cells = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            cells.add(cell(labels.get(i), summaries.get(i), fastest < 0 ? null : summaries.get(fastest), i == fastest,
                    direction, input.memberMeans(labels.get(i))));
        }
        return new MultiRow(input.workload(), cells);
    }

    private static MultiCell cell(String label, Summary s, Summary best, boolean isFastest, Direction direction,
                                  double[] members) {
        if (isFastest) {
            return new MultiCell(label, s, 1, 0, true, members);
        }
        if (best == null || !(s.mean() > 0)) {
            return new MultiCell(label, s, Double.NaN, Double.NaN, false, members);
        }
        double ratio = direction.costRatio(s.mean(), best.mean());
        // First-order propagation: relative errors of independent means add in quadrature,
        // for a/b and b/a alike.
        double relative = Math.hypot(s.relativeStandardError(), best.relativeStandardError());
        return new MultiCell(label, s, ratio, ratio * relative, false, members);
    }

    private static String column(String labelKey, String label) {
        return labelKey.isEmpty() ? "'" + label + "'" : labelKey + "=" + label;
    }
}
