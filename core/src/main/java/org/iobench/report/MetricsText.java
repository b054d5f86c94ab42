package org.iobench.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Stat;
import org.iobench.store.StoredRun;
import org.iobench.store.WorkloadKey;

/**
 * Stored runs as metrics for the dashboards teams already run: one sample per stored run and figure, the run's
 * labels as labels. Two forms:
 * <ul>
 *   <li>{@link Form#OPENMETRICS}: OpenMetrics 1.0 text ({@code # TYPE}, {@code # UNIT}, {@code # HELP}, each sample
 *       with the time of its run in seconds, {@code # EOF}), what Prometheus reads from a target that serves
 *       {@code application/openmetrics-text};</li>
 *   <li>{@link Form#PROMETHEUS}: Prometheus's text format 0.0.4 without sample timestamps, what node_exporter's
 *       textfile collector accepts (it refuses a file with timestamps) and {@code promtool check metrics} lints;
 *       the run's time is there as {@code iobench_run_start_timestamp_seconds}.</li>
 * </ul>
 * The figures are the store's and {@code iobench show}'s: MB/s and IOPS are the means over the complete
 * repetitions ({@code RunSummary}), p99 of all requests likewise; the other percentiles are the means over the
 * complete repetitions of each one's percentile, as the report's CSV has them. A run with no complete repetition
 * has only its start time and {@code iobench_run_complete 0}. Latencies are in seconds, as Prometheus's base unit.
 */
public final class MetricsText {
    /** Which text format. */
    public enum Form { OPENMETRICS, PROMETHEUS }

    /** A stored run and its result. */
    public record Run(StoredRun stored, BenchmarkResult result) {}

    /** The built-in label names, in order; a user label of the same name is exported as {@code label_NAME}. */
    static final List<String> BUILT_IN = List.of("run_id", "name", "test", "workload", "rw", "bs_bytes",
            "threads", "iodepth", "direct", "sync", "engine", "target");

    private static final String[][] QUANTILES = {{"0.5", "p50"}, {"0.9", "p90"}, {"0.99", "p99"},
            {"0.999", "p999"}, {"0.9999", "p9999"}};

    private MetricsText() {}

    /** A metric family: its name, unit (empty for none), help and type. */
    private record Family(String name, String unit, String help, String type) {
        Family(String name, String unit, String help) {
            this(name, unit, help, "gauge");
        }
    }

    private static final Family START = new Family("iobench_run_start_timestamp_seconds", "seconds",
            "when the stored run's first repetition started, Unix time");
    private static final Family COMPLETE = new Family("iobench_run_complete", "",
            "1 when every repetition of the stored run completed, else 0");
    private static final Family REPETITIONS = new Family("iobench_run_repetitions", "",
            "complete repetitions the figures are the mean of");
    private static final Family THROUGHPUT = new Family("iobench_throughput_bytes_per_second", "bytes_per_second",
            "bytes moved per second of the measured phase, mean over the complete repetitions (MB/s x 10^6)");
    private static final Family IOPS = new Family("iobench_iops", "",
            "requests per second of the measured phase, mean over the complete repetitions");
    private static final Family LATENCY = new Family("iobench_latency_seconds", "seconds",
            "request latency at a quantile, mean over the complete repetitions; _count and _sum over all of them;"
                    + " op is all, read, write, trim or sync", "summary");
    private static final Family LATENCY_MAX = new Family("iobench_latency_max_seconds", "seconds",
            "the largest request latency, mean over the complete repetitions");

    public static String render(List<Run> runs, Form form) {
        Map<Family, List<String>> samples = new LinkedHashMap<>();
        for (Family f : List.of(START, COMPLETE, REPETITIONS, THROUGHPUT, IOPS, LATENCY, LATENCY_MAX)) {
            samples.put(f, new ArrayList<>());
        }
        for (Run r : runs) {
            Map<String, String> labels = labels(r.stored(), r.result());
            String ts = form == Form.OPENMETRICS ? " " + seconds(r.stored().createdAt()) : "";
            List<RunResult> done = r.result().runs().stream().filter(RunResult::complete).toList();
            add(samples, START, labels, seconds(r.stored().createdAt()), ts);
            add(samples, COMPLETE, labels, r.result().complete() ? "1" : "0", ts);
            add(samples, REPETITIONS, labels, Integer.toString(done.size()), ts);
            if (done.isEmpty()) {
                continue;
            }
            add(samples, THROUGHPUT, labels, number(r.result().summary().bytesPerSecond().mean()), ts);
            add(samples, IOPS, labels, number(r.result().summary().iops().mean()), ts);
            for (String op : List.of("all", "read", "write", "trim", "sync")) {
                Function<RunResult, LatencySummary> side = side(op);
                List<LatencySummary> of = done.stream().map(side).filter(l -> l != null && l.count() > 0).toList();
                if (of.isEmpty()) {
                    continue;
                }
                for (String[] q : QUANTILES) {
                    double ns = op.equals("all") && q[1].equals("p99") ? r.result().summary().p99LatencyNs().mean()
                            : mean(of, q[1]);
                    Map<String, String> l = new LinkedHashMap<>(labels);
                    l.put("op", op);
                    l.put("quantile", q[0]);
                    if (!Double.isNaN(ns)) {
                        add(samples, LATENCY, "", l, number(ns / 1e9), ts);
                    }
                }
                Map<String, String> l = new LinkedHashMap<>(labels);
                l.put("op", op);
                long count = of.stream().mapToLong(LatencySummary::count).sum();
                double sumSeconds = of.stream().mapToDouble(x -> x.meanNs() * x.count()).sum() / 1e9;
                add(samples, LATENCY, "_sum", l, number(sumSeconds), ts);
                add(samples, LATENCY, "_count", l, Long.toString(count), ts);
                add(samples, LATENCY_MAX, l, number(mean(of, "max") / 1e9), ts);
            }
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Family, List<String>> e : samples.entrySet()) {
            Family f = e.getKey();
            if (e.getValue().isEmpty()) {
                continue;
            }
            out.append("# HELP ").append(f.name()).append(' ').append(f.help()).append('\n');
            out.append("# TYPE ").append(f.name()).append(' ').append(f.type()).append('\n');
            if (form == Form.OPENMETRICS && !f.unit().isEmpty()) {
                out.append("# UNIT ").append(f.name()).append(' ').append(f.unit()).append('\n');
            }
            e.getValue().forEach(s -> out.append(f.name()).append(s).append('\n'));
        }
        if (form == Form.OPENMETRICS) {
            out.append("# EOF\n");
        }
        return out.toString();
    }

    /** The run's labels as metric labels: the built-in ones first, then the user's (renamed where they clash). */
    static Map<String, String> labels(StoredRun s, BenchmarkResult b) {
        WorkloadKey k = s.workload();
        Map<String, String> l = new LinkedHashMap<>();
        l.put("run_id", Long.toString(s.id()));
        l.put("name", s.name());
        l.put("test", k.test());
        l.put("workload", k.label());
        l.put("rw", k.rw());
        l.put("bs_bytes", Long.toString(k.blockSize()));
        l.put("threads", Integer.toString(k.threads()));
        l.put("iodepth", Integer.toString(k.iodepth()));
        l.put("direct", Boolean.toString(k.direct()));
        l.put("sync", k.sync());
        l.put("engine", s.engine());
        l.put("target", s.target());
        for (Map.Entry<String, String> e : s.labels().entrySet()) {
            String name = labelName(e.getKey());
            while (l.containsKey(name) || name.equals("op") || name.equals("quantile")) {
                name = "label_" + name;
            }
            l.put(name, e.getValue());
        }
        return l;
    }

    /**
     * A label key as a Prometheus label name ({@code [a-zA-Z_][a-zA-Z0-9_]*}, {@code __} reserved): other characters
     * become {@code _}, a leading digit or {@code __} gets {@code label_} before it.
     */
    static String labelName(String key) {
        StringBuilder b = new StringBuilder();
        for (char c : key.toCharArray()) {
            b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        String name = b.toString();
        if (name.isEmpty() || Character.isDigit(name.charAt(0)) || name.startsWith("__")) {
            name = "label_" + name;
        }
        return name;
    }

    private static Function<RunResult, LatencySummary> side(String op) {
        return switch (op) {
            case "all" -> r -> r.latencies().allOrLarger();
            case "read" -> r -> r.latencies().read();
            case "write" -> r -> r.latencies().write();
            case "trim" -> r -> r.latencies().trim();
            default -> r -> r.latencies().sync();
        };
    }

    private static double mean(List<LatencySummary> of, String field) {
        double[] v = of.stream().mapToDouble(l -> switch (field) {
            case "p50" -> l.p50Ns();
            case "p90" -> l.p90Ns();
            case "p99" -> l.p99Ns();
            case "p999" -> l.p999Ns();
            case "p9999" -> l.p9999Ns();
            default -> l.maxNs();
        }).filter(x -> x != LatencySummary.ABSENT).toArray();
        return v.length == 0 ? Double.NaN : Stat.of(v).mean();
    }

    private static void add(Map<Family, List<String>> samples, Family f, Map<String, String> labels, String value,
                            String timestamp) {
        add(samples, f, "", labels, value, timestamp);
    }

    /** A sample of family {@code f}, its name {@code f}'s plus {@code suffix} ({@code _sum}, {@code _count}). */
    private static void add(Map<Family, List<String>> samples, Family f, String suffix, Map<String, String> labels,
                            String value, String timestamp) {
        StringBuilder b = new StringBuilder(suffix).append("{");
        boolean first = true;
        for (Map.Entry<String, String> e : labels.entrySet()) {
            b.append(first ? "" : ",").append(e.getKey()).append("=\"").append(escape(e.getValue())).append('"');
            first = false;
        }
        samples.get(f).add(b.append("} ").append(value).append(timestamp).toString());
    }

    /** A label value as both formats escape it: backslash, double quote and line feed. */
    static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String seconds(Instant t) {
        return String.format(Locale.ROOT, "%d.%03d", t.getEpochSecond(), t.getNano() / 1_000_000);
    }

    private static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        return Double.isInfinite(v) ? (v > 0 ? "+Inf" : "-Inf") : Double.toString(v);
    }
}
