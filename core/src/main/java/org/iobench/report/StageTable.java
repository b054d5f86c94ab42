package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;
import org.iobench.table.TextTableWriter;

/**
 * One row per test of a staged suite, as in the kernel mailing-list tables (user story 002): the per-job rate in
 * MB/s ({@code 96}, {@code 2x44.5}), the aggregate of the parallel jobs and the time of the final syncs.
 *
 * <pre>
 * test        MB/s  total MB/s  sync s
 * dd1           96        96.0   0.120
 * dd2       2x44.5        89.0   0.210
 * </pre>
 */
public final class StageTable {
    private StageTable() {}

    /** {@code stages}: consecutive slices of the results, one per test, labelled by group or job name. */
    public static Table table(String title, List<List<BenchmarkResult>> stages) {
        List<Column> columns = List.of(Column.left("test", "test"), Column.right("per_job", "MB/s"),
                Column.right("total", "total MB/s"), Column.right("sync_s", "sync s"));
        List<Row> rows = new ArrayList<>();
        for (List<BenchmarkResult> stage : stages) {
            double sync = stage.stream().flatMap(b -> b.runs().stream()).mapToLong(r -> r.totals().syncNanos())
                    .max().orElse(0) / 1e9;
            List<Cell> cells = new ArrayList<>(rates(stage, true));
            cells.add(Cell.number(sync, Formats.fixed(sync, 3)));
            rows.add(new Row(cells));
        }
        List<String> notes = new ArrayList<>(List.of("MB/s = 10^6 bytes per second; NxR: N parallel jobs of about R"
                + " MB/s each (within 10%), A/B: unlike jobs; total: all bytes over the longest job's time, final"
                + " sync included; sync s: the longest final sync"));
        if (stages.stream().anyMatch(s -> label(s).equals("mix3"))) {
            notes.add("mix3: local/remote/remote");
        }
        return new Table(title, columns, rows, notes);
    }

    /**
     * The kernel-dd table's second view: the same tests with the final sync's time left out of each job's time (the sync is
     * shown apart in {@link #table}).
     */
    public static Table withoutSync(List<List<BenchmarkResult>> stages) {
        List<Column> columns = List.of(Column.left("test", "test"), Column.right("per_job", "MB/s"),
                Column.right("total", "total MB/s"));
        List<Row> rows = new ArrayList<>();
        for (List<BenchmarkResult> stage : stages) {
            rows.add(new Row(rates(stage, false)));
        }
        return new Table("the same tests without the final sync", columns, rows, List.of("each job's time ends"
                + " when its last write returned, before its final sync; total: all bytes over the longest such time"));
    }

    private static List<Cell> rates(List<BenchmarkResult> stage, boolean withSync) {
        boolean complete = stage.stream().allMatch(BenchmarkResult::complete);
        double total = GroupText.aggregate(stage, withSync);
        return List.of(Cell.text(label(stage) + (complete ? "" : "*")),
                Cell.text(GroupText.perJob(stage.stream().map(b -> GroupText.meanRate(b, withSync)).toList())),
                Cell.number(total / 1e6, Formats.fixed(total / 1e6, 1)));
    }

    private static String label(List<BenchmarkResult> stage) {
        BenchmarkResult first = stage.getFirst();
        return first.job().grouping().group().isEmpty() ? first.job().name() : first.job().grouping().group();
    }

    public static void print(String title, List<List<BenchmarkResult>> stages, PrintStream out) {
        out.print(new TextTableWriter().render(table(title, stages)));
        if (stages.stream().flatMap(List::stream)
                .anyMatch(b -> b.job().durability().sync() != SyncMode.NONE)) {
            out.println();
            out.print(new TextTableWriter().render(withoutSync(stages)));
        }
        for (List<BenchmarkResult> stage : stages) {
            for (BenchmarkResult b : stage) {
                for (RunResult r : b.runs()) {
                    if (!r.complete()) {
                        out.println("* " + b.job().name() + " run " + r.run() + ": " + r.outcome().stopReason());
                    }
                }
            }
        }
        FindingText.print(stages.stream().flatMap(List::stream).toList(), out); // alike findings of all members in one line
    }

    /** Cuts {@code results} (job order) into the stages' sizes; missing tail results end the list. */
    public static List<List<BenchmarkResult>> slice(List<Integer> stageSizes, List<BenchmarkResult> results) {
        List<List<BenchmarkResult>> out = new ArrayList<>();
        int next = 0;
        for (int n : stageSizes) {
            if (next + n > results.size()) {
                break;
            }
            out.add(results.subList(next, next + n));
            next += n;
        }
        return out;
    }
}
