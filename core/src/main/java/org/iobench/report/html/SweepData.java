package org.iobench.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.iobench.job.RateLimit;
import org.iobench.job.Sizes;
import org.iobench.report.ReportItem;
import org.iobench.result.RunSummary;
import org.iobench.result.Stat;
import org.iobench.search.SearchSeries;

/**
 * A chart's worth of data per sweep axis: block size, queue depth, threads, rate and read mix. On axis A, the
 * benchmarks that agree on everything else (the other axes, the direction, direct, sync, engine and their labels)
 * form one curve when they hold two or more values of A; each point has min/mean/max of MB/s and IOPS (pooled over
 * the benchmarks at that point: the lowest minimum, the mean of the means, the highest maximum). Curves are named
 * by what differs between the curves of their axis; at most {@link #PER_CHART} curves a chart, further charts for
 * the rest, so none is left out.
 *
 * <p>{@code [{axis, title, log2, charts: [[{label, points: [{x, n, bytesPerSecond, iops}]}]]}]}.
 */
final class SweepData {
    static final int PER_CHART = 10;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A part of a benchmark's identity: its name on a chart and its value. */
    private record Part(String name, Function<ReportItem, String> value) {}

    private record Axis(String id, String title, boolean log2, Function<ReportItem, Double> x) {}

    private static final List<Axis> AXES = List.of(
            new Axis("bs", "block size", true, i -> positive(i.blockSize())),
            new Axis("iodepth", "queue depth", true, i -> positive(i.job().queue().iodepth())),
            new Axis("threads", "threads", true, i -> positive(i.job().queue().threads())),
            new Axis("rate", "rate limit", false, i -> rate(i) == null ? null : rate(i).perSecond()),
            new Axis("mix", "reads % of a mixed job", false, i -> isMixed(i)
                    ? (double) i.job().workload().mixReadPercent() : null));

    private SweepData() {}

    private static Double positive(double v) {
        return v > 0 ? v : null;
    }

    private static boolean isMixed(ReportItem i) {
        String rw = i.job().workload().rw().label();
        return rw.contains("rw") || rw.equals("readwrite");
    }

    private static RateLimit rate(ReportItem i) {
        return i.job().timing().rate();
    }

    static ArrayNode of(List<ReportItem> items) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Part("test", ReportItem::testName));
        parts.add(new Part("rw", i -> i.job().workload().rw().label()));
        parts.add(new Part("bs", i -> Sizes.binary(i.blockSize())));
        parts.add(new Part("iodepth", i -> "Q" + i.job().queue().iodepth()));
        parts.add(new Part("threads", i -> "T" + i.job().queue().threads()));
        parts.add(new Part("rate", i -> rate(i) == null ? "" : rate(i).label()));
        parts.add(new Part("mix", i -> isMixed(i) ? "reads " + i.job().workload().mixReadPercent() + "%" : ""));
        parts.add(new Part("direct", i -> i.job().durability().direct() ? "direct" : "buffered"));
        parts.add(new Part("sync", i -> "sync " + i.syncLabel()));
        parts.add(new Part("engine", i -> i.job().queue().engine() == null ? "" : i.job().queue().engine()));
        // the steps of two saturate searches are two curves, never one pooled line (a search's steps share its
        // series label, which names when it ran); a sweep's points have no search label and pool as before
        parts.add(new Part("search", i -> SearchSeries.parse(i.job().grouping().series())
                .map(SearchSeries::search).orElse("")));
        Set<String> keys = new TreeSet<>();
        items.forEach(i -> keys.addAll(i.labels().keySet()));
        for (String k : keys) {
            parts.add(new Part("label." + k, i -> i.labels().containsKey(k) ? k + "=" + i.labels().get(k) : ""));
        }
        ArrayNode out = NODES.arrayNode();
        for (Axis axis : AXES) {
            List<Part> others = parts.stream().filter(p -> !p.name().equals(axis.id())).toList();
            Map<List<String>, TreeMap<Double, List<ReportItem>>> curves = new LinkedHashMap<>();
            for (ReportItem i : items) {
                Double x = axis.x().apply(i);
                if (x == null) {
                    continue;
                }
                List<String> key = others.stream().map(p -> p.value().apply(i)).toList();
                curves.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(x, k -> new ArrayList<>()).add(i);
            }
            curves.values().removeIf(c -> c.size() < 2);
            if (curves.isEmpty()) {
                continue;
            }
            List<List<String>> keyList = new ArrayList<>(curves.keySet());
            ObjectNode a = out.addObject().put("axis", axis.id()).put("title", axis.title()).put("log2", axis.log2());
            ArrayNode charts = a.putArray("charts");
            ArrayNode chart = null;
            for (int c = 0; c < keyList.size(); c++) {
                if (c % PER_CHART == 0) {
                    chart = charts.addArray();
                }
                ObjectNode curve = chart.addObject().put("label", name(keyList, c));
                ArrayNode points = curve.putArray("points");
                curves.get(keyList.get(c)).forEach((x, at) -> {
                    ObjectNode p = points.addObject().put("x", axis.log2() ? Math.log(x) / Math.log(2) : x)
                            .put("n", at.size());
                    p.set("bytesPerSecond", pooled(at, RunSummary::bytesPerSecond));
                    p.set("iops", pooled(at, RunSummary::iops));
                });
            }
        }
        return out;
    }

    /** Curve {@code c}'s name: its values of the parts that differ between the axis's curves. */
    private static String name(List<List<String>> keys, int c) {
        List<String> words = new ArrayList<>();
        for (int p = 0; p < keys.get(c).size(); p++) {
            int part = p;
            if (keys.stream().map(k -> k.get(part)).distinct().count() > 1 || keys.size() == 1) {
                String w = keys.get(c).get(p);
                if (!w.isEmpty() && (keys.size() > 1 || !w.startsWith("sync none") && !w.equals("buffered"))) {
                    words.add(w);
                }
            }
        }
        return words.isEmpty() ? "all" : String.join(" ", words);
    }

    /** The lowest minimum, the mean of the means and the highest maximum of a summary's figure; null where undefined. */
    private static ObjectNode pooled(List<ReportItem> at, Function<RunSummary, Stat> field) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int n = 0;
        for (ReportItem i : at) {
            Stat s = i.result().summary() == null ? null : field.apply(i.result().summary());
            if (s != null && Double.isFinite(s.mean())) {
                sum += s.mean();
                n++;
                min = Math.min(min, Double.isFinite(s.min()) ? s.min() : s.mean());
                max = Math.max(max, Double.isFinite(s.max()) ? s.max() : s.mean());
            }
        }
        ObjectNode o = NODES.objectNode();
        if (n == 0) {
            o.putNull("min").putNull("mean").putNull("max");
        } else {
            o.put("min", min).put("mean", sum / n).put("max", max);
        }
        return o;
    }
}
