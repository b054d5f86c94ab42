package org.iobench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.iobench.job.Sizes;
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

    /** The latency percentiles of {@link #withPercentiles}, each the mean over the complete runs. */
    private static final List<String[]> PERCENTILES = List.of(new String[]{"minNs", "latency_min_ns", "min"},
            new String[]{"meanNs", "latency_mean_ns", "mean"}, new String[]{"p50Ns", "latency_p50_ns", "p50"},
            new String[]{"p90Ns", "latency_p90_ns", "p90"}, new String[]{"p999Ns", "latency_p999_ns", "p99.9"},
            new String[]{"p9999Ns", "latency_p9999_ns", "p99.99"},
            new String[]{"maxNs", "latency_max_ns", "max"});

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
            for (String[] p : PERCENTILES) {
                columns.add(Column.right(p[1], "latency", p[2]).withUnit("ns"));
            }
        }
        List<Row> rows = new ArrayList<>();
        for (ReportItem item : items) {
            JsonNode b = item.benchmark();
            JsonNode bw = b.path("summary").path("bytesPerSecond");
            List<Cell> cells = new ArrayList<>();
            // a stored run's id is a number (12, not #12); a file's benchmark is FILE:N
            cells.add(item.id().matches("\\d{1,18}") ? Cell.number(Long.parseLong(item.id()), item.id())
                    : Cell.text(item.id()));
            for (String k : labelKeys) {
                cells.add(Cell.text(item.labels().getOrDefault(k, "")));
            }
            cells.add(Cell.text(item.job().path("name").asText("")));
            cells.add(Cell.text(item.workloadWithoutBs()));
            long bs = item.job().path("blockSizeBytes").asLong();
            cells.add(Cell.number(bs, Sizes.binary(bs)));
            cells.add(Cell.number(bw.path("n").asInt(), Integer.toString(bw.path("n").asInt())));
            cells.add(rate(bw.path("min")));
            cells.add(rate(bw.path("mean")));
            cells.add(rate(bw.path("max")));
            double iops = number(b.path("summary").path("opsPerSecond").path("mean"));
            cells.add(Cell.number(iops, Formats.fixed(iops, 0)));
            double p99 = number(b.path("summary").path("p99LatencyNs").path("mean"));
            cells.add(Cell.number(p99, Units.latency(p99)));
            if (percentiles) {
                for (String[] p : PERCENTILES) {
                    double v = meanOverCompleteRuns(b, p[0]);
                    cells.add(Cell.number(v, Double.isNaN(v) ? Formats.ABSENT : Units.latency(v)));
                }
            }
            rows.add(new Row(cells));
        }
        return new Table("Results", columns, rows, List.of("MB/s = 10^6 bytes per second, over the complete runs"));
    }

    private static double meanOverCompleteRuns(JsonNode benchmark, String field) {
        List<Double> values = new ArrayList<>();
        for (JsonNode run : benchmark.path("runs")) {
            if (!run.path("complete").asBoolean(true)) {
                continue;
            }
            JsonNode l = allOrLarger(run);
            if (l != null && l.path(field).isNumber()) {
                values.add(l.path(field).asDouble());
            }
        }
        return values.isEmpty() ? Double.NaN
                : Stat.of(values.stream().mapToDouble(Double::doubleValue).toArray()).mean();
    }

    /** A run's latency of all requests, else its reads' or writes' with the larger p99 ({@code allOrLarger}). */
    private static JsonNode allOrLarger(JsonNode run) {
        JsonNode all = run.path("allLatency");
        if (all.path("count").asLong() > 0) {
            return all;
        }
        JsonNode r = run.path("readLatency");
        JsonNode w = run.path("writeLatency");
        if (r.path("count").asLong() == 0) {
            return w.path("count").asLong() == 0 ? null : w;
        }
        if (w.path("count").asLong() == 0) {
            return r;
        }
        return r.path("p99Ns").asDouble() >= w.path("p99Ns").asDouble() ? r : w;
    }

    private static Cell rate(JsonNode bytesPerSecond) {
        double mbps = number(bytesPerSecond) / 1e6;
        return Cell.number(mbps, Double.isNaN(mbps) ? Formats.ABSENT : Units.sig3(mbps));
    }

    /** A JSON number, or NaN for {@code "NaN"}, null or missing. */
    static double number(JsonNode n) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            return Double.NaN;
        }
        return n.isNumber() ? n.asDouble() : parse(n.asText());
    }

    private static double parse(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
