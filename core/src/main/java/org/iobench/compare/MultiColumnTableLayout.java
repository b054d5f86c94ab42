package org.iobench.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/**
 * Lays a {@link MultiColumnComparison} out as a {@link Table}, one column group per label value:
 *
 * <pre>
 *            kernel=2.6.19.2  kernel=2.6.22.6  kernel=2.6.24-rc1
 * test           MB/s      n      MB/s      n       MB/s       n    (ABSOLUTE)
 * dd1           28.00      3     50.00      3      96.00       3
 *
 * test          ratio    +/-     ratio    +/-      ratio     +/-    (RELATIVE)
 * dd1            3.43   0.07      1.92   0.02       1.00    0.00
 * </pre>
 *
 * Rows of a suite's tests (cells with their members' means) show the per-job figure of the kernel-dd table's table instead of
 * the mean ({@code 96}, {@code 2x44.5}, {@code 17/32}), the group's aggregate ({@code total}) where a row is a
 * parallel group, and the number of repetitions. Text output is ASCII only, so that it pastes into a mail.
 *
 * @param title line above the table; {@code ""} for none
 * @param workloadHeader header of the first column, for example {@code "test"}
 * @param unit unit of the means, the header of the mean columns (for example {@code "MB/s"});
 *     {@code ""} prints "mean"
 * @param mode means and run counts, or ratios to the fastest cell with their uncertainty
 */
public record MultiColumnTableLayout(String title, String workloadHeader, String unit, Mode mode) {

    /** What the cells show. */
    public enum Mode {
        /** The mean and the number of runs. */
        ABSOLUTE,
        /** The cost ratio to the fastest cell of the row (1.00) and its standard error. */
        RELATIVE
    }

    public MultiColumnTableLayout {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(workloadHeader, "workloadHeader");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(mode, "mode");
    }

    public Table toTable(MultiColumnComparison c) {
        boolean tests = c.rows().stream().flatMap(r -> r.cells().stream()).anyMatch(x -> x.memberMeans() != null);
        boolean groups = c.rows().stream().flatMap(r -> r.cells().stream())
                .anyMatch(x -> x.memberMeans() != null && x.memberMeans().length > 1);
        List<Column> columns = new ArrayList<>();
        columns.add(Column.left("workload", workloadHeader));
        for (int i = 0; i < c.labels().size(); i++) {
            String label = c.labels().get(i);
            String group = c.labelKey().isEmpty() ? label : c.labelKey() + "=" + label;
            if (mode == Mode.ABSOLUTE) {
                columns.add(Column.right(tests ? "per_job_" + i : "mean_" + i, group, unit.isEmpty() ? "mean" : unit));
                if (groups) {
                    columns.add(Column.right("total_" + i, group, "total"));
                }
                columns.add(Column.right("n_" + i, group, "n"));
            } else {
                columns.add(Column.right("ratio_" + i, group, "ratio"));
                columns.add(Column.right("ratio_se_" + i, group, "+/-"));
            }
        }
        int decimals = Formats.decimalsFor(c.rows().stream()
                .flatMap(r -> r.cells().stream())
                .mapToDouble(cell -> cell.summary().mean())
                .toArray());
        List<Row> rows = new ArrayList<>();
        for (MultiRow r : c.rows()) {
            List<Cell> cells = new ArrayList<>();
            cells.add(Cell.text(r.workload()));
            for (MultiCell cell : r.cells()) {
                double mean = cell.summary().mean();
                if (mode == Mode.ABSOLUTE && tests) {
                    double[] members = cell.memberMeans() == null ? new double[] {mean} : cell.memberMeans();
                    double perJob = Arrays.stream(members).average().orElse(Double.NaN);
                    cells.add(cell.summary().n() == 0 ? Cell.number(Double.NaN, Formats.ABSENT)
                            : Cell.number(perJob, MemberFigures.format(members)));
                    if (groups) {
                        cells.add(Cell.number(mean, Formats.fixed(mean, decimals)));
                    }
                    cells.add(Cell.number(cell.summary().n(), Integer.toString(cell.summary().n())));
                } else if (mode == Mode.ABSOLUTE) {
                    cells.add(Cell.number(mean, Formats.fixed(mean, decimals)));
                    cells.add(Cell.number(cell.summary().n(), Integer.toString(cell.summary().n())));
                } else {
                    cells.add(Cell.number(cell.ratio(), Formats.fixed(cell.ratio(), 2)));
                    cells.add(Cell.number(cell.ratioStandardError(), Formats.fixed(cell.ratioStandardError(), 2)));
                }
            }
            rows.add(new Row(cells));
        }
        return new Table(title, columns, rows, footnotes(c));
    }

    private List<String> footnotes(MultiColumnComparison c) {
        List<String> notes = new ArrayList<>();
        boolean groups = c.rows().stream().flatMap(r -> r.cells().stream())
                .anyMatch(x -> x.memberMeans() != null && x.memberMeans().length > 1);
        if (mode == Mode.ABSOLUTE && groups) {
            notes.add(unit + ": per job; NxR: N parallel jobs of about R each (within "
                    + Math.round(MemberFigures.ALIKE * 100) + "%), A/B: unlike jobs, in the group's order; total: all"
                    + " jobs' bytes over the longest job's time; n: repetitions");
        }
        if (mode == Mode.RELATIVE) {
            String ref = c.reference() == null ? "the fastest" : (c.labelKey().isEmpty() ? c.reference()
                    : c.labelKey() + "=" + c.reference());
            String refMean = c.reference() == null ? "fastest mean" : ref + "'s mean";
            notes.add(c.direction() == Direction.HIGHER_IS_BETTER
                    ? "ratio: " + refMean + " / mean, per row; 1.00 is " + ref + ", 2.00 half its rate"
                    : "ratio: mean / " + refMean + ", per row; 1.00 is " + ref + ", 2.00 takes twice as long");
            notes.add("+/-: one standard error of the ratio (relative standard errors of both means in quadrature)");
        }
        c.warnings().forEach(w -> notes.add("warning: " + w));
        return notes;
    }
}
