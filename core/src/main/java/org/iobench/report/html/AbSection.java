package org.iobench.report.html;

import java.util.List;
import org.iobench.compare.AbRow;
import org.iobench.report.EnvironmentDiff;

/**
 * The A/B part of a report page: the comparison's rows (one per workload), and what differs between the recorded
 * environments of the base and the new runs.
 *
 * @param baseName    how the base side is named ({@code patch=without})
 * @param newName     how the new side is named
 * @param metric      the compared figure ({@code MB/s})
 * @param alpha       the significance level the rows were judged at
 * @param rows        the comparison, as {@code iobench compare --base/--new} computes it
 * @param warnings    the comparison's warnings (too few runs...), printed under the table
 * @param environment the environment fields that differ between the sides ({@link EnvironmentDiff})
 * @param distributions each row's kept latency histograms of both sides, drawn side by side (empty: none)
 */
public record AbSection(String baseName, String newName, String metric, double alpha, List<AbRow> rows,
                        List<String> warnings, List<EnvironmentDiff.Row> environment,
                        List<AbDistributions.Row> distributions) {
    public AbSection {
        rows = List.copyOf(rows);
        warnings = List.copyOf(warnings);
        environment = List.copyOf(environment);
        distributions = List.copyOf(distributions);
    }
}
