package org.iobench.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.iobench.job.RateLimit;
import org.iobench.report.CurveText;
import org.iobench.result.BenchmarkResult;
import org.iobench.search.Axis;
import org.iobench.search.Curve;
import org.iobench.search.Point;
import org.iobench.search.SearchReplay;
import org.iobench.search.SearchSeries;
import org.iobench.search.Setting;

/**
 * The page's {@code saturate} searches: the results whose series label names a search ({@link SearchSeries}),
 * grouped by that label, each concluded again from its steps by the search's own code ({@link SearchReplay}), so
 * the knee, the best setting and the stop are the ones {@code saturate} printed. Steps that are not a whole
 * search are still drawn, and the page says why the knee is not marked.
 */
public final class SearchCurves {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SearchCurves() {}

    /**
     * One search.
     *
     * @param series what was searched
     * @param steps  its stored steps, as the search measured them ({@link Point#of(Setting, BenchmarkResult)})
     * @param curve  the search's conclusion, or null when the steps are not a whole search
     */
    public record Search(SearchSeries series, List<Point> steps, Curve curve) {
        public Search {
            steps = List.copyOf(steps);
        }
    }

    /** The searches among {@code results} (in the order measured: a store's runs by id), in order of appearance. */
    public static List<Search> of(List<BenchmarkResult> results) {
        Map<String, List<Point>> bySeries = new LinkedHashMap<>();
        Map<String, SearchSeries> parsed = new LinkedHashMap<>();
        for (BenchmarkResult b : results) {
            String label = b.job().grouping().series();
            Optional<SearchSeries> s = SearchSeries.parse(label);
            if (s.isEmpty()) {
                continue;
            }
            parsed.put(label, s.get());
            bySeries.computeIfAbsent(label, k -> new ArrayList<>()).add(Point.of(setting(b), b));
        }
        List<Search> out = new ArrayList<>();
        bySeries.forEach((label, steps) -> {
            SearchSeries s = parsed.get(label);
            out.add(new Search(s, steps, SearchReplay.of(s.axis(), s.target(), steps).orElse(null)));
        });
        return out;
    }

    /** The setting a step ran at: its threads, queue depth and (searches over a rate) requests per second. */
    static Setting setting(BenchmarkResult b) {
        RateLimit r = b.job().timing().rate();
        double rate = r != null && r.unit() == RateLimit.Unit.IOPS ? r.perSecond() : 0;
        return new Setting(b.job().queue().threads(), b.job().queue().iodepth(), rate);
    }

    /**
     * The page's data: per search {@code {title, axis, log2, categories, x, names, iops, mbps, latency,
     * latencyName, knee, best, targetNs, targetName, text, note}}: the steps in increasing load (an {@code auto}
     * search's in the order measured, on an axis of step numbers named by their settings), the judged latency
     * (the target's percentile, else p99) of each, the indexes of the knee and the best step (null: none), and
     * the text {@code saturate} prints.
     */
    static ArrayNode data(List<Search> searches) {
        ArrayNode out = NODES.arrayNode();
        for (Search s : searches) {
            Curve c = s.curve();
            Axis axis = s.series().axis();
            List<Point> sorted = sortedSteps(c != null ? c.points() : s.steps(), axis);
            ObjectNode o = out.addObject();
            o.put("title", title(s));
            o.put("axis", axis.label());
            boolean categories = axis == Axis.AUTO;
            o.put("categories", categories);
            o.put("log2", axis == Axis.THREADS || axis == Axis.IODEPTH);
            ArrayNode x = o.putArray("x");
            ArrayNode names = o.putArray("names");
            ArrayNode iops = o.putArray("iops");
            ArrayNode mbps = o.putArray("mbps");
            ArrayNode latency = o.putArray("latency");
            var target = s.series().target();
            o.put("latencyName", target == null ? "p99" : "p" + pct(target.percentile()));
            for (int i = 0; i < sorted.size(); i++) {
                Point p = sorted.get(i);
                Setting set = p.setting();
                double at = switch (axis) {
                    case THREADS -> Math.log(set.threads()) / Math.log(2);
                    case IODEPTH -> Math.log(set.iodepth()) / Math.log(2);
                    case AUTO -> i;
                    case RATE -> set.rateOpsPerSecond() > 0 ? set.rateOpsPerSecond() : p.iops();
                };
                x.add(at);
                names.add(axis == Axis.RATE && set.rateOpsPerSecond() == 0 ? "unthrottled" : set.label());
                number(iops, p.iops());
                number(mbps, p.bytesPerSecond() / 1e6);
                long ns = target == null ? p.p99Ns() : target.of(p.latency());
                if (p.latency().count() > 0 && ns > 0) {
                    latency.add(ns);
                } else {
                    latency.addNull();
                }
            }
            index(o, "knee", c == null ? null : c.knee(), sorted);
            index(o, "best", c == null ? null : c.best(), sorted);
            if (target != null) {
                o.put("targetNs", target.limitNanos()).put("targetName", target.label());
            } else {
                o.putNull("targetNs");
            }
            if (c != null) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                CurveText.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
                o.put("text", bytes.toString(StandardCharsets.UTF_8));
                o.put("note", c.knee() == null ? "no knee: " + c.stop().description() : "");
            } else {
                o.put("text", "");
                o.put("note", "knee and best not marked: these " + s.steps().size() + " stored steps are not a"
                        + " whole search (a step deleted or not saved, or a latency target stored before the series"
                        + " label named it), so they cannot be concluded as saturate concluded them");
            }
        }
        return out;
    }

    private static String title(Search s) {
        SearchSeries ss = s.series();
        return (ss.target() == null ? "Saturation over " : "Highest load within " + ss.target().label() + " over ")
                + ss.axis().label() + ": " + ss.name() + " (" + ss.when() + ", " + s.steps().size() + " steps)";
    }

    /**
     * In increasing load: an {@code auto} search's in the order measured; a rate search's by the rate asked, the
     * unthrottled step at the rate it achieved (the ceiling the rates were bisected under).
     */
    private static List<Point> sortedSteps(List<Point> steps, Axis axis) {
        if (axis == Axis.AUTO) {
            return steps;
        }
        return steps.stream().sorted(Comparator.comparingDouble(p -> axis == Axis.RATE
                ? p.setting().rateOpsPerSecond() > 0 ? p.setting().rateOpsPerSecond() : p.iops()
                : p.setting().level(axis))).toList();
    }

    private static void index(ObjectNode o, String field, Point p, List<Point> sorted) {
        int i = -1;
        for (int k = 0; k < sorted.size() && p != null; k++) {
            if (sorted.get(k) == p) {
                i = k;
            }
        }
        if (i < 0) {
            o.putNull(field);
        } else {
            o.put(field, i);
        }
    }

    private static void number(ArrayNode a, double v) {
        if (Double.isFinite(v)) {
            a.add(v);
        } else {
            a.addNull();
        }
    }

    private static String pct(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }
}
