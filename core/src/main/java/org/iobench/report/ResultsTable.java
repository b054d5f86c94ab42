package org.iobench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.iobench.job.Sizes;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Latencies;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.RunSummary;
import org.iobench.result.Stat;
import org.iobench.table.Cell;
import org.iobench.table.Column;
import org.iobench.table.Formats;
import org.iobench.table.Row;
import org.iobench.table.Table;

/**
 * One row per benchmark: its labels, its job's name (a suite's test: dd1, dd2.1, net1), workload, block size, runs, MB/s min/avg/max, IOPS mean and p99 latency.
 * The same table feeds every export format (text, Markdown, CSV, JSON) and the HTML page.
 */
public final class ResultsTable {
    private ResultsTable() {}

    public static Table of(List<ReportItem> items) {
        return of(items, false);
    }

    /** A latency percentile of {@link #withPercentiles}: its figure of a summary, column and heading. */
    private record Percentile(ToDoubleFunction<LatencySummary> value, String column, String heading) {}

    /** The latency percentiles of {@link #withPercentiles}, each the mean over the complete runs. */
    private static final List<Percentile> PERCENTILES = List.of(
            new Percentile(l -> l.minNs(), "latency_min_ns", "min"),
            new Percentile(LatencySummary::meanNs, "latency_mean_ns", "mean"),
            new Percentile(l -> l.p50Ns(), "latency_p50_ns", "p50"),
            new Percentile(l -> l.p90Ns(), "latency_p90_ns", "p90"),
            new Percentile(l -> l.p999Ns(), "latency_p999_ns", "p99.9"),
            new Percentile(l -> l.p9999Ns(), "latency_p9999_ns", "p99.99"),
            new Percentile(l -> l.maxNs(), "latency_max_ns", "max"));

    /**
     * The table with every latency percentile beside p99, for CSV and JSON: min, mean, p50, p90, p99.9, p99.99 and
     * max of all requests, each the mean over the complete runs as p99 is (of the reads or writes with the larger
     * p99 where a run has no all-requests summary, as {@code Latencies.allOrLarger}).
     */
    public static Table withPercentiles(List<ReportItem> items) {
        return of(items, true);
    }

    private static Table of(List<ReportItem> items, boolean percentiles) {
        List<String> labelKeys = new ArrayList<>(new TreeSet<>(items.stream()
                .flatMap(i -> i.labels().keySet().stream()).toList()));
        List<Column> columns = new ArrayList<>();
        columns.add(Column.left("id", "id"));
        for (String k : labelKeys) {
            columns.add(Column.left("label." + k, k));
        }
        columns.add(Column.left("job", "job"));
        columns.add(Column.left("workload", "workload"));
        columns.add(Column.right("bs", "bs").withUnit("bytes"));
        columns.add(Column.right("runs", "runs"));
        columns.add(Column.right("mbps.min", "MB/s", "min"));
        columns.add(Column.right("mbps.avg", "MB/s", "avg"));
        columns.add(Column.right("mbps.max", "MB/s", "max"));
        columns.add(Column.right("iops.avg", "IOPS", "avg"));
        columns.add(Column.right("p99", "p99").withUnit("ns"));
        if (percentiles) {
            for (Percentile p : PERCENTILES) {
                columns.add(Column.right(p.column(), "latency", p.heading()).withUnit("ns"));
            }
        }
        List<Row> rows = new ArrayList<>();
        for (ReportItem item : items) {
            RunSummary summary = item.result().summary();
            Stat bw = summary == null ? null : summary.bytesPerSecond();
            List<Cell> cells = new ArrayList<>();
            // a stored run's id is a number (12, not #12); a file's benchmark is FILE:N
            cells.add(item.id().matches("\\d{1,18}") ? Cell.number(Long.parseLong(item.id()), item.id())
                    : Cell.text(item.id()));
            for (String k : labelKeys) {
                cells.add(Cell.text(item.labels().getOrDefault(k, "")));
            }
            cells.add(Cell.text(item.jobName()));
            cells.add(Cell.text(item.workloadWithoutBs()));
            long bs = item.blockSize();
            cells.add(Cell.number(bs, Sizes.binary(bs)));
            int n = bw == null ? 0 : bw.n();
            cells.add(Cell.number(n, Integer.toString(n)));
            cells.add(rate(bw == null ? Double.NaN : bw.min()));
            cells.add(rate(bw == null ? Double.NaN : bw.mean()));
            cells.add(rate(bw == null ? Double.NaN : bw.max()));
            double iops = summary == null || summary.iops() == null ? Double.NaN : summary.iops().mean();
            cells.add(Cell.number(iops, Formats.fixed(iops, 0)));
            double p99 = summary == null || summary.p99LatencyNs() == null ? Double.NaN
                    : summary.p99LatencyNs().mean();
            cells.add(Cell.number(p99, Units.latency(p99)));
            if (percentiles) {
                for (Percentile p : PERCENTILES) {
                    double v = meanOverCompleteRuns(item.result(), p.value());
                    cells.add(Cell.number(v, Double.isNaN(v) ? Formats.ABSENT : Units.latency(v)));
                }
            }
            rows.add(new Row(cells));
        }
        return new Table("Results", columns, rows, List.of("MB/s = 10^6 bytes per second, over the complete runs"));
    }

    /** The mean of a figure over the complete runs' latencies ({@link #allOrLarger}); NaN where none has it. */
    private static double meanOverCompleteRuns(BenchmarkResult benchmark, ToDoubleFunction<LatencySummary> field) {
        List<Double> values = new ArrayList<>();
        for (RunResult run : benchmark.runs()) {
            if (!run.complete()) {
                continue;
            }
            LatencySummary l = allOrLarger(run.latencies());
            double v = l == null ? Double.NaN : field.applyAsDouble(l);
            if (Double.isFinite(v)) {
                values.add(v);
            }
        }
        return values.isEmpty() ? Double.NaN
                : Stat.of(values.stream().mapToDouble(Double::doubleValue).toArray()).mean();
    }

    /**
     * A run's latency of all requests, else its reads' or writes' with the larger p99 ({@code allOrLarger}); null
     * when it made no request.
     */
    private static LatencySummary allOrLarger(Latencies latencies) {
        if (count(latencies.all()) > 0) {
            return latencies.all();
        }
        LatencySummary r = latencies.read();
        LatencySummary w = latencies.write();
        if (count(r) == 0) {
            return count(w) == 0 ? null : w;
        }
        if (count(w) == 0) {
            return r;
        }
        return r.p99Ns() >= w.p99Ns() ? r : w;
    }

    private static long count(LatencySummary l) {
        return l == null ? 0 : l.count();
    }

    private static Cell rate(double bytesPerSecond) {
        double mbps = bytesPerSecond / 1e6;
        return Cell.number(mbps, Double.isNaN(mbps) ? Formats.ABSENT : Units.sig3(mbps));
    }
}
