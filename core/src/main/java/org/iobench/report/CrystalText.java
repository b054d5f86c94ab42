package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.iobench.result.BenchmarkResult;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;
import org.iobench.table.TextTableWriter;

/**
 * The crystal suite in CrystalDiskMark's layout: one row per test ({@code SEQ1M Q8T1}), read and write side by
 * side in MB/s and IOPS. Results come as the suite ran them: all reads, then all writes, in the same test order.
 */
public final class CrystalText {
    private CrystalText() {}

    public static Table table(String title, List<String> tests, List<BenchmarkResult> results) {
        List<Column> columns = List.of(Column.left("test", "test"), Column.right("read_mbps", "Read", "MB/s"),
                Column.right("write_mbps", "Write", "MB/s"), Column.right("read_iops", "Read", "IOPS"),
                Column.right("write_iops", "Write", "IOPS"));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            BenchmarkResult read = i < results.size() ? results.get(i) : null;
            BenchmarkResult write = i + tests.size() < results.size() ? results.get(i + tests.size()) : null;
            rows.add(Row.of(Cell.text(tests.get(i)), mbps(read), mbps(write), iops(read), iops(write)));
        }
        List<String> notes = new ArrayList<>(List.of("MB/s = 10^6 bytes per second, mean over runs"));
        if (results.stream().anyMatch(b -> !b.complete())) {
            notes.add("* incomplete: a run stopped early; a test with no complete run shows its stopped run's"
                    + " partial figures");
        }
        return new Table(title, columns, rows, notes);
    }

    private static Cell mbps(BenchmarkResult b) {
        double v = b == null ? Double.NaN : PartialFigures.of(b).bytesPerSecond().mean() / 1e6;
        return Cell.number(v, Formats.fixed(v, 1) + (b != null && !b.complete() ? "*" : ""));
    }

    private static Cell iops(BenchmarkResult b) {
        double v = b == null ? Double.NaN : PartialFigures.of(b).iops().mean();
        return Cell.number(v, Formats.fixed(v, 0) + (b != null && !b.complete() ? "*" : ""));
    }

    public static void print(String title, List<String> tests, List<BenchmarkResult> results, PrintStream out) {
        out.print(new TextTableWriter().render(table(title, tests, results)));
        FindingText.print(results, out);
    }
}
