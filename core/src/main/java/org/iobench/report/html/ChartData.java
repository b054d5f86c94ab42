package org.iobench.report.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.iobench.compare.AbRow;
import org.iobench.history.HistorySet;
import org.iobench.job.Sizes;
import org.iobench.report.HistogramBins;
import org.iobench.report.ReportItem;
import org.iobench.result.Interval;
import org.iobench.result.IntervalLatency;
import org.iobench.result.Latencies;
import org.iobench.result.LatencyHistograms;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.sysmon.CpuTicks;
import org.iobench.sysmon.SystemSample;
import org.iobench.sysmon.SystemSeries;

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

    /**
     * The page's data and what its sections say of it.
     *
     * @param json                  the data the page's script draws
     * @param distributionsNotDrawn each benchmark without a distribution chart, with why
     * @param abNotDrawn            each A/B row without distributions, with why
     */
    record Page(ObjectNode json, boolean sweeps, boolean searches, boolean latency, boolean series,
                int distributionCharts, List<String> distributionsNotDrawn, int abDistributionRows,
                List<String> abNotDrawn) {}

    /** The distributions' data, its number of charts and the benchmarks it leaves out with why. */
    private record Distributions(ObjectNode json, int charts, List<String> notDrawn) {}

    private static Distributions distributions(List<ReportItem> items) {
        Map<ReportItem, String> names = DifferingLabels.of(items);
        ObjectNode out = MAPPER.createObjectNode();
        ArrayNode charts = out.putArray("charts");
        ArrayNode notDrawnJson = out.putArray("notDrawn");
        List<String> notDrawn = new ArrayList<>();
        Map<ReportItem, List<HistogramBins.Bin>> drawn = new LinkedHashMap<>();
        for (ReportItem i : items) {
            RunResult run = i.lastCompleteRun();
            List<HistogramBins.Bin> bins = run == null ? List.of() : allBins(run);
            if (bins.isEmpty()) {
                String why = names.get(i) + " (" + i.id() + "): " + (run == null ? "no complete run"
                        : "no latency histogram kept (imported, or stored before iobench kept them)");
                notDrawn.add(why);
                notDrawnJson.add(why);
            } else {
                drawn.put(i, bins);
            }
        }
        List<ReportItem> order = new ArrayList<>(drawn.keySet());
        for (int from = 0; from < order.size(); from += PER_CHART) {
            List<ReportItem> part = order.subList(from, Math.min(order.size(), from + PER_CHART));
            TreeSet<Double> edges = new TreeSet<>();
            for (ReportItem i : part) {
                drawn.get(i).forEach(b -> edges.add(b.highNs()));
            }
            ObjectNode chart = charts.addObject();
            ArrayNode x = chart.putArray("x");
            edges.forEach(x::add);
            ArrayNode series = chart.putArray("series");
            for (ReportItem i : part) {
                long total = 0;
                Map<Double, Long> counts = new HashMap<>();
                for (HistogramBins.Bin b : drawn.get(i)) {
                    counts.put(b.highNs(), b.count());
                    total += b.count();
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
        return new Distributions(out, charts.size(), notDrawn);
    }

    /** The bins of a run's kept histogram of all requests; none where it kept none. */
    private static List<HistogramBins.Bin> allBins(RunResult run) {
        LatencyHistograms h = run.latencies().histograms();
        String all = h == null || h.encoded() == null ? null : h.encoded().get("all");
        return all == null ? List.of() : HistogramBins.bins(all);
    }

    static ObjectNode of(List<ReportItem> items, AbSection ab, HistorySet history) {
        return of(items, ab, history, List.of());
    }

    static ObjectNode of(List<ReportItem> items, AbSection ab, HistorySet history,
                         List<SearchCurves.Search> searches) {
        return page(items, ab, history, searches).json();
    }

    static Page page(List<ReportItem> items, AbSection ab, HistorySet history, List<SearchCurves.Search> searches) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode sweeps = SweepData.of(items);
        ArrayNode searchData = SearchCurves.data(searches);
        ArrayNode latency = latency(items);
        ArrayNode series = series(items);
        Distributions distributions = distributions(items);
        root.set("sweeps", sweeps);
        root.set("searches", searchData);
        root.set("latency", latency);
        root.set("series", series);
        root.set("distributions", distributions.json());
        AbDistributions.Drawn abDistributions = null;
        if (ab != null) {
            root.set("ab", ab(ab));
            abDistributions = AbDistributions.drawn(ab.distributions(), ab.baseName(), ab.newName());
            root.set("abDistributions", abDistributions.json());
        }
        root.set("history", HistoryChartData.of(history));
        return new Page(root, !sweeps.isEmpty(), !searchData.isEmpty(), !latency.isEmpty(), !series.isEmpty(),
                distributions.charts(), distributions.notDrawn(), abDistributions == null ? 0 : abDistributions.rows(),
                abDistributions == null ? List.of() : abDistributions.notDrawn());
    }

    /** {@code {alpha, metric, rows: [{workload, gainPercent, significant, pValue}]}}; undefined numbers null. */
    private static ObjectNode ab(AbSection ab) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("alpha", ab.alpha());
        o.put("metric", ab.metric());
        ArrayNode rows = o.putArray("rows");
        for (AbRow r : ab.rows()) {
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
            RunResult run = i.lastCompleteRun();
            if (run == null) {
                continue;
            }
            // all requests where the run has them, else the more numerous side
            Latencies lat = run.latencies();
            LatencySummary l = count(lat.all()) > 0 ? lat.all()
                    : count(lat.read()) >= count(lat.write()) ? lat.read() : lat.write();
            if (count(l) == 0) {
                continue;
            }
            ObjectNode o = out.addObject();
            o.put("label", names.get(i));
            ArrayNode ns = o.putArray("ns");
            for (long v : new long[] {l.p50Ns(), l.p90Ns(), l.p99Ns(), l.p999Ns(), l.p9999Ns()}) {
                if (v < 0) {
                    ns.addNull(); // a percentile the source did not report: a gap, not a point at 0
                } else {
                    ns.add(v);
                }
            }
        }
        return out;
    }

    private static long count(LatencySummary l) {
        return l == null ? 0 : l.count();
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
        items.forEach(i -> twins.computeIfAbsent(bases.get(i), k -> new ArrayList<>()).add(i));
        Map<ReportItem, String> names = DifferingLabels.of(items);
        ArrayNode out = MAPPER.createArrayNode();
        Set<ReportItem> done = new HashSet<>();
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
                    + Sizes.binary(first.blockSize()) : bases.get(first);
            b.put("label", apart ? base + " (" + together.size() + " runs stored apart)" : names.get(first));
            b.put("id", first.id());
            ArrayNode ids = b.putArray("benchmarks");
            together.forEach(i -> ids.add(i.id()));
            String test = first.testName();
            b.put("group", test.isEmpty() ? first.workloadWithoutBs() : test);
            List<RunResult> all = new ArrayList<>();
            together.forEach(i -> all.addAll(i.result().runs()));
            RunResult median = medianRun(all);
            ArrayNode runs = b.putArray("runs");
            for (ReportItem i : together) {
                int n = i.result().runs().size();
                for (RunResult run : i.result().runs()) {
                    ObjectNode s = runs.addObject();
                    s.put("run", run.run());
                    // a twin's run is named by its stored id, as iobench show names it
                    s.put("name", !apart ? "run " + run.run()
                            : n == 1 ? "#" + i.id() : "#" + i.id() + " run " + run.run());
                    s.put("complete", run.complete());
                    s.put("median", run == median);
                    intervals(s, run);
                    if (run == median || median == null && runs.size() == 1) {
                        b.set("system", system(run.evidence().system()));
                    }
                }
            }
        }
        return out;
    }

    /** The median complete run of {@code runs} by MB/s (the lower of the two middle ones for an even count), or null. */
    static RunResult medianRun(List<RunResult> runs) {
        List<RunResult> done = new ArrayList<>();
        runs.forEach(r -> {
            if (r.complete()) {
                done.add(r);
            }
        });
        if (done.isEmpty()) {
            return null;
        }
        done.sort(Comparator.comparingDouble(r -> r.totals() == null ? Double.NaN : r.totals().bytesPerSecond()));
        return done.get((done.size() - 1) / 2);
    }

    private static void intervals(ObjectNode s, RunResult run) {
        double intervalSeconds = run.intervals().intervalNanos() / 1e9;
        ArrayNode t = s.putArray("t");
        ArrayNode from = s.putArray("from");
        ArrayNode to = s.putArray("to");
        ArrayNode mbps = s.putArray("mbps");
        ArrayNode iops = s.putArray("iops");
        // latency.DIRECTION.FIELD per interval; a direction without a single point is left out, and a run without
        // any latency per interval has none
        ArrayNode[][] perDirection = new ArrayNode[DIRECTIONS.length][LATENCY_FIELDS.length];
        for (ArrayNode[] d : perDirection) {
            for (int f = 0; f < d.length; f++) {
                d[f] = MAPPER.createArrayNode();
            }
        }
        boolean[] any = new boolean[DIRECTIONS.length];
        long startNanos = 0;
        for (Interval in : run.intervals().series()) {
            long duration = in.durationNanos();
            if (duration <= 0) {
                continue; // no time, no rate
            }
            // a rate is the mean over its interval: drawn at the interval's middle, so a last, shorter
            // interval sits at its own time instead of on top of the one before
            t.add(micros(startNanos + duration / 2.0));
            from.add(micros(startNanos));
            to.add(micros(startNanos + duration));
            startNanos += duration;
            addNumber(mbps, in.bytesPerSecond() / 1e6);
            addNumber(iops, in.iops());
            IntervalLatency latency = in.latency();
            for (int d = 0; d < DIRECTIONS.length; d++) {
                IntervalLatency.Point p = latency == null ? null
                        : d == 0 ? latency.read() : d == 1 ? latency.write() : latency.trim();
                any[d] |= p != null;
                for (int f = 0; f < LATENCY_FIELDS.length; f++) {
                    if (p == null) {
                        perDirection[d][f].addNull();
                    } else {
                        perDirection[d][f].add(f == 0 ? p.p50Ns() : f == 1 ? p.p99Ns() : p.maxNs());
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
        ObjectNode latency = MAPPER.createObjectNode();
        for (int d = 0; d < DIRECTIONS.length; d++) {
            if (any[d]) {
                ObjectNode o = latency.putObject(DIRECTIONS[d]);
                for (int f = 0; f < LATENCY_FIELDS.length; f++) {
                    o.set(LATENCY_FIELDS[f], perDirection[d][f]);
                }
            }
        }
        if (!latency.isEmpty()) {
            s.set("latency", latency);
        }
    }

    private static final String[] DIRECTIONS = {"read", "write", "trim"};
    private static final String[] LATENCY_FIELDS = {"p50Ns", "p99Ns", "maxNs"};

    /** The monitor's samples (null: none) as bi/bo in MB/s and us/sy/wa in %, at the end of each sample. */
    private static ObjectNode system(SystemSeries system) {
        ObjectNode o = MAPPER.createObjectNode();
        ArrayNode t = o.putArray("t");
        ArrayNode bi = o.putArray("bi");
        ArrayNode bo = o.putArray("bo");
        ArrayNode us = o.putArray("us");
        ArrayNode sy = o.putArray("sy");
        ArrayNode wa = o.putArray("wa");
        double at = 0;
        for (SystemSample s : system == null ? List.<SystemSample>of() : system.samples()) {
            // in the published units (ns, bytes, seconds), converted as the JSON form converts them
            at += s.intervalMillis() * 1e6 / 1e9;
            t.add(Math.round(at * 1000) / 1000.0);
            addNumber(bi, s.blockInKibPerSecond() * 1024 / 1e6);
            addNumber(bo, s.blockOutKibPerSecond() * 1024 / 1e6);
            CpuTicks cpu = s.cpu() == null ? CpuTicks.ZERO : s.cpu();
            double user = seconds(cpu.user());
            double nice = seconds(cpu.nice());
            double sys = seconds(cpu.system());
            double iowait = seconds(cpu.iowait());
            double irq = seconds(cpu.irq());
            double softirq = seconds(cpu.softirq());
            double total = 0;
            for (double v : new double[] {user, nice, sys, seconds(cpu.idle()), iowait, irq, softirq,
                    seconds(cpu.steal())}) {
                total += v;
            }
            us.add(total == 0 ? 0 : 100 * (user + nice) / total);
            sy.add(total == 0 ? 0 : 100 * (sys + irq + softirq) / total);
            wa.add(total == 0 ? 0 : 100 * iowait / total);
        }
        return o;
    }

    /** CPU ticks as seconds (USER_HZ, 100 a second), as the JSON form gives them. */
    private static double seconds(long ticks) {
        return ticks / 100.0;
    }

    /** Nanoseconds as seconds, to the microsecond. */
    private static double micros(double nanos) {
        return Math.round(nanos / 1e3) / 1e6;
    }
}
