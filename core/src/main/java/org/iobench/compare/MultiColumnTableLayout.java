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
 * Lays a {@link MultiColumnComparison} out as a {@link Table}, one column group per label value:
 *
 * <pre>
 *            kernel=2.6.19.2  kernel=2.6.22.6  kernel=2.6.24-rc1
 * test           MB/s      n      MB/s      n       MB/s       n    (ABSOLUTE)
 * dd1           28.00      3     50.00      3      96.00       3
 *
 * test          ratio      ±     ratio      ±      ratio       ±    (RELATIVE)
 * dd1            3.43   0.07      1.92   0.02       1.00    0.00
 * </pre>
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
        List<Column> columns = new ArrayList<>();
        columns.add(Column.left("workload", workloadHeader));
        for (int i = 0; i < c.labels().size(); i++) {
            String label = c.labels().get(i);
            String group = c.labelKey().isEmpty() ? label : c.labelKey() + "=" + label;
            if (mode == Mode.ABSOLUTE) {
                columns.add(Column.right("mean_" + i, group, unit.isEmpty() ? "mean" : unit));
                columns.add(Column.right("n_" + i, group, "n"));
            } else {
                columns.add(Column.right("ratio_" + i, group, "ratio"));
                columns.add(Column.right("ratio_se_" + i, group, "±"));
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
                if (mode == Mode.ABSOLUTE) {
                    cells.add(Cell.number(cell.summary().mean(), Formats.fixed(cell.summary().mean(), decimals)));
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
        if (mode == Mode.RELATIVE) {
            notes.add(c.direction() == Direction.HIGHER_IS_BETTER
                    ? "ratio: fastest mean / mean, per row; 1.00 is the fastest, 2.00 half its rate"
                    : "ratio: mean / fastest mean, per row; 1.00 is the fastest, 2.00 takes twice as long");
            notes.add("±: one standard error of the ratio (relative standard errors of both means in quadrature)");
        }
        c.warnings().forEach(w -> notes.add("warning: " + w));
        return notes;
    }
}
