package org.iobench.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.history.HistorySet;
import org.iobench.report.ReportItem;

/**
 * The data the page's charts draw, computed here so the page's script only plots:
 * <ul>
 *   <li>{@code sweeps}: a chart per sweep axis (block size, queue depth, threads, rate, read mix), the other axes
 *       as series ({@link SweepData});</li>
 *   <li>{@code searches}: each {@code saturate} search's steps with its knee and best ({@link SearchCurves});</li>
 *   <li>{@code latency}: p50 ... p99.99 of each benchmark's last complete run;</li>
 *   <li>{@code series}: per benchmark, each run's per-interval MB/s, IOPS and latency at the middle of each
 *       interval ({@code t}, with the interval's bounds {@code from} and {@code to} in seconds since the measured
 *       phase started), its median run marked, with the median run's monitor samples, bi/bo (MB/s) and us/sy/wa
 *       (%) at the end of each sample;</li>
 *   <li>{@code distributions}: each benchmark's latency distribution of all requests (its last complete run's
 *       kept histogram, in the JSON's 10-per-decade bins), as the percent of requests per bin and cumulative, on a
 *       common axis of bin edges ({@code x}, ns), named by what differs ({@link DifferingLabels}); in charts of
 *       at most {@link #PER_CHART} benchmarks each, so none is left out; {@code notDrawn} names each benchmark
 *       without a kept histogram (imports, older results) and why;</li>
 *   <li>{@code ab}: an A/B comparison's rows, when the report has one, and {@code abDistributions}: each row's
 *       latency distributions of both sides, raw and corrected ({@link AbDistributions});</li>
 *   <li>{@code history}: per workload its stored runs in order with change points ({@link HistoryChartData}).</li>
 * </ul>
 */
final class ChartData {
    /** Benchmarks overlaid on one distribution chart; more make further charts. */
    static final int PER_CHART = 10;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ChartData() {}

    private static ObjectNode distributions(List<ReportItem> items) {
        Map<ReportItem, String> names = DifferingLabels.of(items);
        ObjectNode out = MAPPER.createObjectNode();
        ArrayNode charts = out.putArray("charts");
        ArrayNode notDrawn = out.putArray("notDrawn");
        List<ReportItem> drawn = new java.util.ArrayList<>();
        for (ReportItem i : items) {
            JsonNode run = lastCompleteRun(i.benchmark());
            JsonNode bins = run == null ? null : run.path("latencyHistograms").path("all").path("bins");
            if (bins == null || !bins.isArray() || bins.isEmpty()) {
                notDrawn.add(names.get(i) + " (" + i.id() + "): " + (run == null ? "no complete run"
                        : "no latency histogram kept (imported, or stored before iobench kept them)"));
            } else {
                drawn.add(i);
            }
        }
        for (int from = 0; from < drawn.size(); from += PER_CHART) {
            List<ReportItem> part = drawn.subList(from, Math.min(drawn.size(), from + PER_CHART));
            java.util.TreeSet<Double> edges = new java.util.TreeSet<>();
            for (ReportItem i : part) {
                lastCompleteRun(i.benchmark()).path("latencyHistograms").path("all").path("bins")
                        .forEach(b -> edges.add(b.path("highNs").asDouble()));
            }
            ObjectNode chart = charts.addObject();
            ArrayNode x = chart.putArray("x");
            edges.forEach(x::add);
            ArrayNode series = chart.putArray("series");
            for (ReportItem i : part) {
                JsonNode bins = lastCompleteRun(i.benchmark()).path("latencyHistograms").path("all").path("bins");
                long total = 0;
                Map<Double, Long> counts = new java.util.HashMap<>();
                for (JsonNode b : bins) {
                    counts.put(b.path("highNs").asDouble(), b.path("count").asLong());
                    total += b.path("count").asLong();
                }
                ObjectNode s = series.addObject().put("label", names.get(i));
                ArrayNode pct = s.putArray("percent");
                ArrayNode cdf = s.putArray("cdf");
                long cumulative = 0;
                for (double e : edges) {
                    Long c = counts.get(e);
                    if (c == null) {
                        pct.addNull();
                    } else {
                        pct.add(100.0 * c / total);
                    }
                    cumulative += c == null ? 0 : c;
                    cdf.add(100.0 * cumulative / total);
                }
            }
        }
        return out;
    }

    static ObjectNode of(List<ReportItem> items, AbSection ab, HistorySet history) {
        return of(items, ab, history, List.of());
    }

    static ObjectNode of(List<ReportItem> items, AbSection ab, HistorySet history,
                         List<SearchCurves.Search> searches) {
        ObjectNode root = MAPPER.createObjectNode();
        root.set("sweeps", SweepData.of(items));
        root.set("searches", SearchCurves.data(searches));
        root.set("latency", latency(items));
        root.set("series", series(items));
        root.set("distributions", distributions(items));
        if (ab != null) {
            root.set("ab", ab(ab));
            root.set("abDistributions", AbDistributions.data(ab.distributions(), ab.baseName(), ab.newName()));
        }
        root.set("history", HistoryChartData.of(history));
        return root;
    }

    /** {@code {alpha, metric, rows: [{workload, gainPercent, significant, pValue}]}}; undefined numbers null. */
    private static ObjectNode ab(AbSection ab) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("alpha", ab.alpha());
        o.put("metric", ab.metric());
        ArrayNode rows = o.putArray("rows");
        for (org.iobench.compare.AbRow r : ab.rows()) {
            ObjectNode row = rows.addObject().put("workload", r.workload()).put("significant", r.significant());
            putNumber(row, "gainPercent", r.gainPercent());
            putNumber(row, "pValue", r.test().pValue());
        }
        return o;
    }

    /** A number, or null where it is undefined (the page draws a gap, never "NaN"). */
    private static void addNumber(ArrayNode a, double v) {
        if (Double.isFinite(v)) {
            a.add(v);
        } else {
            a.addNull();
        }
    }

    private static void putNumber(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }

    private static ArrayNode latency(List<ReportItem> items) {
        Map<ReportItem, String> names = DifferingLabels.of(items);
        ArrayNode out = MAPPER.createArrayNode();
        for (ReportItem i : items) {
            JsonNode run = lastCompleteRun(i.benchmark());
            if (run == null) {
                continue;
            }
            // all requests where the run has them, else the more numerous side
            JsonNode l = run.path("allLatency").path("count").asLong() > 0 ? run.path("allLatency")
                    : run.path("readLatency").path("count").asLong() >= run.path("writeLatency").path("count")
                    .asLong() ? run.path("readLatency") : run.path("writeLatency");
            if (l.path("count").asLong() == 0) {
                continue;
            }
            ObjectNode o = out.addObject();
            o.put("label", names.get(i));
            ArrayNode ns = o.putArray("ns");
            for (String f : List.of("p50Ns", "p90Ns", "p99Ns", "p999Ns", "p9999Ns")) {
                long v = l.path(f).asLong();
                if (v < 0) {
                    ns.addNull(); // a percentile the source did not report: a gap, not a point at 0
                } else {
                    ns.add(v);
                }
            }
        }
        return out;
    }

    /**
     * Per benchmark (named by what differs, grouped by its test, or its workload without a test), each run's
     * per-interval MB/s, IOPS and latency, the median run (by MB/s among the complete ones) marked, and the median
     * run's system samples. Every benchmark and run is here: the page groups and collapses them, it drops none.
     */
    private static ArrayNode series(List<ReportItem> items) {
        // twins (benchmarks that differ in nothing but their id: repetitions stored as runs of their own, ten dd's
        // of one test) are one entry, their runs overlaid as a benchmark's --runs are
        Map<ReportItem, String> bases = DifferingLabels.bases(items);
        Map<String, List<ReportItem>> twins = new LinkedHashMap<>();
        items.forEach(i -> twins.computeIfAbsent(bases.get(i), k -> new java.util.ArrayList<>()).add(i));
        Map<ReportItem, String> names = DifferingLabels.of(items);
        ArrayNode out = MAPPER.createArrayNode();
        java.util.Set<ReportItem> done = new java.util.HashSet<>();
        for (ReportItem first : items) {
            if (!done.add(first)) {
                continue;
            }
            List<ReportItem> together = twins.get(bases.get(first)).size() > 1 ? twins.get(bases.get(first))
                    : List.of(first);
            done.addAll(together);
            boolean apart = together.size() > 1;
            ObjectNode b = out.addObject();
            String base = bases.get(first).isEmpty() ? first.workloadWithoutBs() + " "
                    + org.iobench.job.Sizes.binary(first.job().path("blockSizeBytes").asLong()) : bases.get(first);
            b.put("label", apart ? base + " (" + together.size() + " runs stored apart)" : names.get(first));
            b.put("id", first.id());
            ArrayNode ids = b.putArray("benchmarks");
            together.forEach(i -> ids.add(i.id()));
            String test = first.benchmark().path("test").path("name").asText("");
            b.put("group", test.isEmpty() ? first.workloadWithoutBs() : test);
            List<JsonNode> all = new java.util.ArrayList<>();
            together.forEach(i -> i.benchmark().path("runs").forEach(all::add));
            JsonNode median = medianRun(all);
            ArrayNode runs = b.putArray("runs");
            for (ReportItem i : together) {
                int n = i.benchmark().path("runs").size();
                for (JsonNode run : i.benchmark().path("runs")) {
                    ObjectNode s = runs.addObject();
                    s.put("run", run.path("run").asInt());
                    // a twin's run is named by its stored id, as iobench show names it
                    s.put("name", !apart ? "run " + run.path("run").asInt()
                            : n == 1 ? "#" + i.id() : "#" + i.id() + " run " + run.path("run").asInt());
                    s.put("complete", run.path("complete").asBoolean(true));
                    s.put("median", run == median);
                    intervals(s, run);
                    if (run == median || median == null && runs.size() == 1) {
                        b.set("system", system(run.path("system")));
                    }
                }
            }
        }
        return out;
    }

    /** The complete run whose MB/s is the median (the lower of the two middle ones for an even count), or null. */
    static JsonNode medianRun(JsonNode benchmark) {
        List<JsonNode> runs = new java.util.ArrayList<>();
        benchmark.path("runs").forEach(runs::add);
        return medianRun(runs);
    }

    /** The median complete run of {@code runs} by MB/s, as {@link #medianRun(JsonNode)}. */
    static JsonNode medianRun(List<JsonNode> runs) {
        List<JsonNode> done = new java.util.ArrayList<>();
        runs.forEach(r -> {
            if (r.path("complete").asBoolean(true)) {
                done.add(r);
            }
        });
        if (done.isEmpty()) {
            return null;
        }
        done.sort(java.util.Comparator.comparingDouble(r -> num(r.path("totals").path("bytesPerSecond"))));
        return done.get((done.size() - 1) / 2);
    }

    private static void intervals(ObjectNode s, JsonNode run) {
        double intervalSeconds = run.path("intervalNs").asLong(1_000_000_000L) / 1e9;
        ArrayNode t = s.putArray("t");
        ArrayNode from = s.putArray("from");
        ArrayNode to = s.putArray("to");
        ArrayNode mbps = s.putArray("mbps");
        ArrayNode iops = s.putArray("iops");
        long startNanos = 0;
        for (JsonNode in : run.path("series")) {
            long duration = in.path("durationNs").asLong();
            if (duration <= 0) {
                continue; // no time, no rate
            }
            // a rate is the mean over its interval: drawn at the interval's middle, so a last, shorter
            // interval sits at its own time instead of on top of the one before
            t.add(micros(startNanos + duration / 2.0));
            from.add(micros(startNanos));
            to.add(micros(startNanos + duration));
            startNanos += duration;
            addNumber(mbps, num(in.path("bytesPerSecond")) / 1e6);
            addNumber(iops, num(in.path("opsPerSecond")));
            for (String d : DIRECTIONS) {
                JsonNode p = in.path("latency").path(d);
                for (String f : new String[]{"p50Ns", "p99Ns", "maxNs"}) {
                    ArrayNode a = latencyArray(s, d, f);
                    if (p.path(f).isNumber()) {
                        a.add(p.path(f).asLong());
                    } else {
                        a.addNull();
                    }
                }
            }
        }
        if (t.isEmpty()) {
            t.add(intervalSeconds / 2);
            from.add(0);
            to.add(intervalSeconds);
            mbps.add(0);
            iops.add(0);
        }
        dropEmptyLatency(s);
    }

    private static final String[] DIRECTIONS = {"read", "write", "trim"};

    /** {@code latency.DIRECTION.FIELD} of a run's series, made on first use. */
    private static ArrayNode latencyArray(ObjectNode s, String direction, String field) {
        ObjectNode l = s.has("latency") ? (ObjectNode) s.get("latency") : s.putObject("latency");
        ObjectNode d = l.has(direction) ? (ObjectNode) l.get(direction) : l.putObject(direction);
        return d.has(field) ? (ArrayNode) d.get(field) : d.putArray(field);
    }

    /** A direction without a single point is left out; a run without any latency per interval has none. */
    private static void dropEmptyLatency(ObjectNode s) {
        if (!(s.get("latency") instanceof ObjectNode l)) {
            return;
        }
        for (String d : DIRECTIONS) {
            JsonNode max = l.path(d).path("maxNs");
            boolean any = false;
            for (JsonNode v : max) {
                any |= !v.isNull();
            }
            if (!any) {
                l.remove(d);
            }
        }
        if (l.isEmpty()) {
            s.remove("latency");
        }
    }

    private static ObjectNode system(JsonNode system) {
        ObjectNode o = MAPPER.createObjectNode();
        ArrayNode t = o.putArray("t");
        ArrayNode bi = o.putArray("bi");
        ArrayNode bo = o.putArray("bo");
        ArrayNode us = o.putArray("us");
        ArrayNode sy = o.putArray("sy");
        ArrayNode wa = o.putArray("wa");
        double at = 0;
        for (JsonNode s : system.path("samples")) {
            at += num(s.path("intervalNs")) / 1e9;
            t.add(Math.round(at * 1000) / 1000.0);
            addNumber(bi, num(s.path("blockInBytesPerSecond")) / 1e6);
            addNumber(bo, num(s.path("blockOutBytesPerSecond")) / 1e6);
            JsonNode cpu = s.path("cpu");
            double total = 0;
            for (String f : List.of("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")) {
                total += cpu.path(f + "Seconds").asDouble();
            }
            us.add(total == 0 ? 0 : 100 * (cpu.path("userSeconds").asDouble() + cpu.path("niceSeconds").asDouble())
                    / total);
            sy.add(total == 0 ? 0 : 100 * (cpu.path("systemSeconds").asDouble() + cpu.path("irqSeconds").asDouble()
                    + cpu.path("softirqSeconds").asDouble()) / total);
            wa.add(total == 0 ? 0 : 100 * cpu.path("iowaitSeconds").asDouble() / total);
        }
        return o;
    }

    /** Nanoseconds as seconds, to the microsecond. */
    private static double micros(double nanos) {
        return Math.round(nanos / 1e3) / 1e6;
    }

    static JsonNode lastCompleteRun(JsonNode benchmark) {
        JsonNode last = null;
        for (JsonNode r : benchmark.path("runs")) {
            if (r.path("complete").asBoolean(true)) {
                last = r;
            }
        }
        return last;
    }

    private static double num(JsonNode n) {
        if (n.isNumber()) {
            return n.asDouble();
        }
        try {
            return Double.parseDouble(n.asText());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
