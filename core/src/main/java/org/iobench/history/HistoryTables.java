package org.iobench.history;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.iobench.compare.Direction;
import org.iobench.compare.Summary;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/**
 * The tables of {@code iobench history}: per workload its segments (stretches between change points, the default)
 * or every point; and one table of every point of every workload for CSV.
 */
public final class HistoryTables {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private HistoryTables() {}

    /**
     * One row per segment: its points, (by time) first and last run's date, runs and repetitions, mean and CV, and
     * the change it starts with (shift of the mean from the previous segment) and that change's p-value.
     */
    public static Table segments(HistorySet set, WorkloadHistory h) {
        boolean byTime = set.order().byTime();
        List<Column> columns = new ArrayList<>();
        columns.add(Column.left("segment", byTime ? "runs" : set.order().label()));
        if (byTime) {
            columns.add(Column.left("first", "first (UTC)"));
            columns.add(Column.left("last", "last (UTC)"));
        }
        columns.add(Column.right("runs", byTime ? "runs" : "values"));
        columns.add(Column.right("n", "n"));
        columns.add(Column.right("mean", "mean " + set.metric().unit()));
        columns.add(Column.right("cv_pct", "cv"));
        columns.add(Column.right("change_pct", "change"));
        columns.add(Column.right("p", "p"));
        int decimals = decimals(h);
        List<Row> rows = new ArrayList<>();
        for (WorkloadHistory.Segment s : h.segments()) {
            HistoryPoint first = h.points().get(s.from());
            HistoryPoint last = h.points().get(s.to() - 1);
            List<Cell> cells = new ArrayList<>();
            cells.add(Cell.text(s.to() - s.from() == 1 ? first.name() : first.name() + ".." + last.name()));
            if (byTime) {
                cells.add(Cell.text(DATE.format(first.first())));
                cells.add(Cell.text(DATE.format(last.last())));
            }
            cells.add(Cell.number(s.to() - s.from(), Integer.toString(s.to() - s.from())));
            Summary sum = s.summary();
            cells.add(Cell.number(sum.n(), Integer.toString(sum.n())));
            cells.add(Cell.number(sum.mean(), Formats.fixed(sum.mean(), decimals)));
            double cv = sum.coefficientOfVariation() * 100;
            cells.add(Cell.number(cv, Double.isNaN(cv) ? "" : Formats.fixed(cv, 1) + "%"));
            addChange(cells, s.change(), set.metric().direction());
            rows.add(new Row(cells));
        }
        return new Table("", columns, rows, List.of());
    }

    /** One row per point, with the change and p-value on the points where a change starts. */
    public static Table points(HistorySet set, WorkloadHistory h) {
        boolean byTime = set.order().byTime();
        List<Column> columns = new ArrayList<>();
        columns.add(Column.left("point", byTime ? "run" : set.order().label()));
        columns.add(Column.left("date", byTime ? "date (UTC)" : "runs"));
        columns.add(Column.right("n", "n"));
        columns.add(Column.right("mean", "mean " + set.metric().unit()));
        columns.add(Column.right("min", "min"));
        columns.add(Column.right("max", "max"));
        columns.add(Column.right("change_pct", "change"));
        columns.add(Column.right("p", "p"));
        int decimals = decimals(h);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < h.points().size(); i++) {
            HistoryPoint p = h.points().get(i);
            List<Cell> cells = new ArrayList<>();
            cells.add(Cell.text(p.name()));
            cells.add(Cell.text(byTime ? DATE.format(p.first()) : runIds(p)));
            cells.add(Cell.number(p.samples(), Integer.toString(p.samples())));
            cells.add(Cell.number(p.mean(), Formats.fixed(p.mean(), decimals)));
            cells.add(Cell.number(p.min(), Formats.fixed(p.min(), decimals)));
            cells.add(Cell.number(p.max(), Formats.fixed(p.max(), decimals)));
            addChange(cells, h.changeAt(i), set.metric().direction());
            rows.add(new Row(cells));
        }
        return new Table("", columns, rows, List.of());
    }

    /** Every point of every workload, one row each, for CSV: workload, position, runs, mean, segment, change. */
    public static Table allPoints(HistorySet set) {
        List<Column> columns = List.of(Column.left("workload", "workload"), Column.right("position", "position"),
                Column.left("point", set.order().byTime() ? "run" : set.order().label()),
                Column.left("run_ids", "run ids"), Column.left("first", "first (UTC)"), Column.right("n", "n"),
                Column.right("mean", "mean " + set.metric().unit()), Column.right("min", "min"),
                Column.right("max", "max"), Column.right("segment", "segment"),
                Column.right("change_pct", "change %"), Column.right("p", "p"));
        List<Row> rows = new ArrayList<>();
        List<String> labels = set.labels();
        for (int w = 0; w < set.workloads().size(); w++) {
            WorkloadHistory h = set.workloads().get(w);
            int segment = 1;
            for (int i = 0; i < h.points().size(); i++) {
                HistoryPoint p = h.points().get(i);
                ChangePoint c = h.changeAt(i);
                if (c != null) {
                    segment++;
                }
                rows.add(Row.of(Cell.text(labels.get(w)), Cell.number(i + 1, Integer.toString(i + 1)),
                        Cell.text(p.name()), Cell.text(runIds(p)),
                        Cell.text(DateTimeFormatter.ISO_INSTANT.format(p.first())),
                        Cell.number(p.samples(), Integer.toString(p.samples())),
                        Cell.number(p.mean(), Formats.plain(p.mean())), Cell.number(p.min(), Formats.plain(p.min())),
                        Cell.number(p.max(), Formats.plain(p.max())), Cell.number(segment, Integer.toString(segment)),
                        c == null ? Cell.number(Double.NaN, "") : Cell.number(c.changePercent(),
                                Formats.signedPercent(c.changePercent(), 1)),
                        c == null ? Cell.number(Double.NaN, "") : Cell.number(c.pValue(), Formats.pValue(c.pValue()))));
            }
        }
        return new Table("", columns, rows, List.of());
    }

    /** {@code -21.7% worse} for a throughput drop, {@code +8.0% better} for a rise. */
    public static String changeText(ChangePoint c, Direction direction) {
        double pct = c.changePercent();
        return Formats.signedPercent(pct, 1) + (pct == 0 || Double.isNaN(pct) ? ""
                : direction.isBetter(c.meanAfter(), c.meanBefore()) ? " better" : " worse");
    }

    private static void addChange(List<Cell> cells, ChangePoint c, Direction direction) {
        if (c == null) {
            cells.add(Cell.number(Double.NaN, ""));
            cells.add(Cell.number(Double.NaN, ""));
        } else {
            cells.add(Cell.number(c.changePercent(), changeText(c, direction)));
            cells.add(Cell.number(c.pValue(), Formats.pValue(c.pValue())));
        }
    }

    private static String runIds(HistoryPoint p) {
        return p.runIds().stream().map(id -> "#" + id).collect(Collectors.joining(" "));
    }

    private static int decimals(WorkloadHistory h) {
        return Formats.decimalsFor(h.points().stream().mapToDouble(HistoryPoint::mean).toArray());
    }
}
