package org.iobench.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.iobench.measure.HistogramCodec;
import org.iobench.report.HistogramBins;
import org.iobench.result.LatencyHistograms;

/**
 * An A/B's latency distributions side by side: per row of the comparison, every request of the base side's runs
 * against every request of the new side's (their kept histograms added up, HdrHistogram's {@code add}), as the
 * share per bin (10 per decade, log axis) and the cumulative share, raw (from each request's issue) and, where the
 * runs were paced ({@code --rate}), corrected (from its intended start, coordinated omission). A row whose runs
 * kept no histogram on a side is named as not drawn.
 */
public final class AbDistributions {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private AbDistributions() {}

    /**
     * One row's histograms.
     *
     * @param workload  the row's name, as the comparison names it
     * @param base      the kept histograms of each complete run of the base side (null entries: none kept)
     * @param candidate the same of the new side
     */
    public record Row(String workload, List<LatencyHistograms> base, List<LatencyHistograms> candidate) {
        public Row {
            base = new ArrayList<>(base);
            candidate = new ArrayList<>(candidate);
        }
    }

    /**
     * {@code {rows: [{workload, x (bin edges, ns), series: [{label, side, corrected, runs, count, percent, cdf}]}],
     * notDrawn: [text]}}.
     */
    static ObjectNode data(List<Row> rows, String baseName, String newName) {
        return drawn(rows, baseName, newName).json();
    }

    /**
     * The chart data and what the page says of it.
     *
     * @param json     the data ({@link #data})
     * @param rows     how many rows are drawn
     * @param notDrawn each row not drawn, with why
     */
    record Drawn(ObjectNode json, int rows, List<String> notDrawn) {}

    static Drawn drawn(List<Row> rows, String baseName, String newName) {
        ObjectNode out = NODES.objectNode();
        ArrayNode charts = out.putArray("rows");
        ArrayNode notDrawnJson = out.putArray("notDrawn");
        List<String> notDrawn = new ArrayList<>();
        int drawnRows = 0;
        for (Row r : rows) {
            Pool b = Pool.safely(r.base());
            Pool n = Pool.safely(r.candidate());
            if (b.all == null || n.all == null) {
                String why = r.workload() + ": no latency histogram kept on the " + (b.all == null
                        ? n.all == null ? "base or the new side" : "base side" : "new side")
                        + " (imported, or stored before iobench kept them)";
                notDrawn.add(why);
                notDrawnJson.add(why);
                continue;
            }
            drawnRows++;
            List<Object[]> series = new ArrayList<>();
            series.add(new Object[] {baseName, "base", false, b.runs, b.all});
            series.add(new Object[] {newName, "new", false, n.runs, n.all});
            if (b.corrected != null) {
                series.add(new Object[] {baseName + ", from intended start", "base", true, b.runs, b.corrected});
            }
            if (n.corrected != null) {
                series.add(new Object[] {newName + ", from intended start", "new", true, n.runs, n.corrected});
            }
            List<Map<Double, Long>> counts = new ArrayList<>();
            TreeSet<Double> edges = new TreeSet<>();
            for (Object[] s : series) {
                Map<Double, Long> c = new HashMap<>();
                for (HistogramBins.Bin bin : HistogramBins.bins((Histogram) s[4])) {
                    c.put(bin.highNs(), bin.count());
                    edges.add(bin.highNs());
                }
                counts.add(c);
            }
            ObjectNode chart = charts.addObject().put("workload", r.workload());
            ArrayNode x = chart.putArray("x");
            edges.forEach(x::add);
            ArrayNode drawn = chart.putArray("series");
            for (int i = 0; i < series.size(); i++) {
                Object[] s = series.get(i);
                Histogram h = (Histogram) s[4];
                long total = h.getTotalCount();
                ObjectNode o = drawn.addObject().put("label", s[0] + " (" + s[3] + (((int) s[3]) == 1 ? " run)"
                        : " runs)")).put("side", (String) s[1]).put("corrected", (boolean) s[2])
                        .put("runs", (int) s[3]).put("count", total);
                ArrayNode pct = o.putArray("percent");
                ArrayNode cdf = o.putArray("cdf");
                long cumulative = 0;
                for (double e : edges) {
                    Long c = counts.get(i).get(e);
                    if (c == null) {
                        pct.addNull();
                    } else {
                        pct.add(100.0 * c / total);
                        cumulative += c;
                    }
                    cdf.add(100.0 * cumulative / total);
                }
            }
        }
        return new Drawn(out, drawnRows, notDrawn);
    }

    /** A side's requests: all of them and, where every run was paced, from their intended start; null: none kept. */
    private record Pool(Histogram all, Histogram corrected, int runs) {
        /** A side whose kept text does not decode is not drawn, as one without histograms. */
        static Pool safely(List<LatencyHistograms> runs) {
            try {
                return of(runs);
            } catch (IllegalArgumentException notAHistogram) {
                return new Pool(null, null, 0);
            }
        }

        static Pool of(List<LatencyHistograms> runs) {
            Histogram all = null;
            Histogram corrected = null;
            boolean everyCorrected = !runs.isEmpty();
            int n = 0;
            for (LatencyHistograms h : runs) {
                String a = h == null ? null : h.encoded().get("all");
                if (a == null) {
                    return new Pool(null, null, 0); // a side is drawn whole or not at all
                }
                all = add(all, a);
                n++;
                String c = h.encoded().get("allCorrected");
                if (c == null) {
                    everyCorrected = false;
                } else {
                    corrected = add(corrected, c);
                }
            }
            return new Pool(all, everyCorrected ? corrected : null, n);
        }

        private static Histogram add(Histogram into, String encoded) {
            Histogram h = HistogramCodec.decode(encoded);
            if (into == null) {
                into = new Histogram(3);
            }
            into.add(h);
            return into;
        }
    }
}
