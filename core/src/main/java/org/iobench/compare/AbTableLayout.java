package org.iobench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/**
 * Lays an {@link AbComparison} out as a {@link Table}, LKML style:
 *
 * <pre>
 *          w/o patch KB/s       with patch KB/s
 * bsize      min    avg    max    min    avg    max  gain %       p
 * 4K         317    318    319    417    420    423  +32.1%  &lt;0.001
 * 256K     15456  15574  15805  15406  15545  15751       ~   0.862
 * geomean          4264                 5091         +19.4%
 * </pre>
 *
 * Min, avg and max share one number of decimals ({@link Formats#decimalsFor}). The gain shows
 * {@code ~} when the row is not significant (benchstat's convention); the cell still carries
 * the number for CSV and JSON. Warnings become footnotes.
 *
 * @param title line above the table; {@code ""} for none
 * @param workloadHeader header of the first column, for example {@code "bsize"}
 * @param baseName group header of the base columns, for example {@code "w/o patch"}
 * @param candidateName group header of the new columns, for example {@code "with patch"}
 * @param unit unit of the values, appended to the group headers, for example {@code "KB/s"};
 *     {@code ""} for none
 */
public record AbTableLayout(String title, String workloadHeader, String baseName, String candidateName, String unit) {

    public AbTableLayout {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(workloadHeader, "workloadHeader");
        Objects.requireNonNull(baseName, "baseName");
        Objects.requireNonNull(candidateName, "candidateName");
        Objects.requireNonNull(unit, "unit");
    }

    /** No title, "workload", "base" and "new", no unit. */
    public static AbTableLayout defaults() {
        return new AbTableLayout("", "workload", "base", "new", "");
    }

    public Table toTable(AbComparison comparison) {
        String baseGroup = unit.isEmpty() ? baseName : baseName + " " + unit;
        String newGroup = unit.isEmpty() ? candidateName : candidateName + " " + unit;
        List<Column> columns = List.of(
                Column.left("workload", workloadHeader),
                Column.right("base_min", baseGroup, "min"),
                Column.right("base_avg", baseGroup, "avg"),
                Column.right("base_max", baseGroup, "max"),
                Column.right("new_min", newGroup, "min"),
                Column.right("new_avg", newGroup, "avg"),
                Column.right("new_max", newGroup, "max"),
                Column.right("gain_pct", "gain %"),
                Column.right("p", "p"));
        int decimals = decimals(comparison);
        List<Row> rows = new ArrayList<>();
        for (AbRow r : comparison.rows()) {
            rows.add(Row.of(
                    Cell.text(r.workload()),
                    number(r.base().min(), decimals),
                    number(r.base().mean(), decimals),
                    number(r.base().max(), decimals),
                    number(r.candidate().min(), decimals),
                    number(r.candidate().mean(), decimals),
                    number(r.candidate().max(), decimals),
                    Cell.number(r.gainPercent(), r.significant() ? Formats.signedPercent(r.gainPercent(), 1) : "~"),
                    Cell.number(r.test().pValue(), Formats.pValue(r.test().pValue()))));
        }
        Geomean g = comparison.geomean();
        rows.add(Row.of(
                Cell.text("geomean"),
                Cell.empty(), number(g.base(), decimals), Cell.empty(),
                Cell.empty(), number(g.candidate(), decimals), Cell.empty(),
                Cell.number(g.gainPercent(), Formats.signedPercent(g.gainPercent(), 1)),
                Cell.empty()));
        return new Table(title, columns, rows, footnotes(comparison));
    }

    private static int decimals(AbComparison comparison) {
        List<Double> values = new ArrayList<>();
        for (AbRow r : comparison.rows()) {
            values.addAll(List.of(r.base().min(), r.base().mean(), r.base().max(),
                    r.candidate().min(), r.candidate().mean(), r.candidate().max()));
        }
        return Formats.decimalsFor(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static Cell number(double value, int decimals) {
        return Cell.number(value, Formats.fixed(value, decimals));
    }

    private static List<String> footnotes(AbComparison c) {
        AbOptions o = c.options();
        List<String> notes = new ArrayList<>();
        notes.add("gain: change of the mean, positive is better ("
                + (o.direction() == Direction.HIGHER_IS_BETTER ? "higher" : "lower") + " is better); "
                + "~: not significant at alpha " + Formats.plain(o.alpha()) + " (p: " + testName(o.test()) + ", two-sided)");
        notes.add("geomean: geometric mean over " + c.geomean().rows() + " workloads");
        c.warnings().forEach(w -> notes.add("warning: " + w));
        return notes;
    }

    private static String testName(SignificanceTest test) {
        return switch (test) {
            case MANN_WHITNEY_U -> "Mann-Whitney U";
            case WELCH_T -> "Welch's t-test";
        };
    }
}
