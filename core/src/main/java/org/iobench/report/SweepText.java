package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunSummary;
import org.iobench.result.Stat;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;
import org.iobench.table.TextTableWriter;

/**
 * A sweep as the table users build by hand (the iot sweep of the mailing-list post): one row per point, throughput min / avg / max over the
 * runs, then average IOPS and p99 latency.
 *
 * <pre>
 * sweep randwrite bs=4k..64k threads=4 (3 runs per point)
 *        MB/s
 * bsize  min  avg   max   IOPS     p99
 * 4KiB   101  120   148  29187   707us
 * </pre>
 */
public final class SweepText {
    private SweepText() {}

    public static Table table(List<BenchmarkResult> points) {
        BenchmarkResult first = points.getFirst();
        boolean bsOnly = points.stream().allMatch(b -> b.job().name().matches("\\d+(KiB|MiB|GiB)?"));
        List<Column> columns = List.of(Column.left("point", bsOnly ? "bsize" : "point"),
                Column.right("mbps_min", "MB/s", "min"), Column.right("mbps_avg", "MB/s", "avg"),
                Column.right("mbps_max", "MB/s", "max"), Column.right("iops_avg", "IOPS"),
                Column.right("p99_avg", "p99"));
        int decimals = Formats.decimalsFor(points.stream()
                .mapToDouble(b -> PartialFigures.of(b).bytesPerSecond().min() / 1e6).toArray());
        List<Row> rows = new ArrayList<>();
        for (BenchmarkResult b : points) {
            RunSummary shown = PartialFigures.of(b);
            Stat bw = shown.bytesPerSecond();
            double p99 = shown.p99LatencyNs().mean();
            rows.add(Row.of(Cell.text(b.job().name() + (b.complete() ? "" : "*")),
                    mb(bw.min(), decimals), mb(bw.mean(), decimals), mb(bw.max(), decimals),
                    Cell.number(shown.iops().mean(), Formats.fixed(shown.iops().mean(), 0)),
                    Cell.number(p99, Units.latency(p99))));
        }
        List<String> notes = new ArrayList<>();
        notes.add("MB/s = 10^6 bytes per second; target " + first.target().path());
        if (points.stream().anyMatch(b -> !b.complete())) {
            notes.add("* incomplete: a run stopped early" + (points.stream().anyMatch(PartialFigures::partial)
                    ? "; a point with no complete run shows the partial figures of its stopped run" : ""));
        }
        String title = "sweep " + first.job().grouping().series() + " (" + first.job().timing().runs()
                + (first.job().timing().runs() == 1 ? " run" : " runs") + " per point)";
        return new Table(title, columns, rows, notes);
    }

    private static Cell mb(double bytesPerSecond, int decimals) {
        return Cell.number(bytesPerSecond / 1e6, Formats.fixed(bytesPerSecond / 1e6, decimals));
    }

    public static void print(List<BenchmarkResult> points, PrintStream out) {
        out.print(new TextTableWriter().render(table(points)));
        for (BenchmarkResult b : points) {
            b.runs().forEach(r -> r.outcome().warnings().forEach(w -> out.println("warning: " + b.job().name()
                    + ": " + w)));
        }
        FindingText.print(points, out);
    }
}
