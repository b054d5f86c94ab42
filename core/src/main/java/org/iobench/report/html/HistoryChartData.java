package org.iobench.report.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Set;
import org.iobench.history.ChangePoint;
import org.iobench.history.HistoryPoint;
import org.iobench.history.HistorySet;
import org.iobench.history.HistoryTables;
import org.iobench.history.WorkloadHistory;
import org.iobench.store.WorkloadKey;
import org.iobench.table.Formats;

/**
 * The history charts' data: per workload with two or more points (every one: the page groups them), x (epoch seconds by time, else the point's
 * position), the point names, mean/min/max per point, the mean of the segment each point belongs to, and the
 * change points with their text.
 */
final class HistoryChartData {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private HistoryChartData() {}

    static ArrayNode of(HistorySet set) {
        ArrayNode out = MAPPER.createArrayNode();
        if (set == null) {
            return out;
        }
        List<String> labels = labels(set);
        for (int w = 0; w < set.workloads().size(); w++) {
            WorkloadHistory h = set.workloads().get(w);
            if (h.points().size() < 2) { // named under the charts as not charted
                continue;
            }
            ObjectNode c = out.addObject();
            c.put("label", labels.get(w));
            c.put("unit", set.metric().unit());
            c.put("time", set.order().byTime());
            c.put("axis", set.order().byTime() ? "run (time, UTC)" : set.order().label());
            ArrayNode x = c.putArray("x");
            ArrayNode names = c.putArray("names");
            ArrayNode mean = c.putArray("mean");
            ArrayNode min = c.putArray("min");
            ArrayNode max = c.putArray("max");
            ArrayNode segment = c.putArray("segment");
            double[] segmentMean = new double[h.points().size()];
            for (WorkloadHistory.Segment s : h.segments()) {
                for (int i = s.from(); i < s.to(); i++) {
                    segmentMean[i] = s.summary().mean();
                }
            }
            for (int i = 0; i < h.points().size(); i++) {
                HistoryPoint p = h.points().get(i);
                x.add(set.order().byTime() ? p.first().toEpochMilli() / 1000.0 : i);
                names.add(p.name());
                mean.add(p.mean());
                min.add(p.min());
                max.add(p.max());
                segment.add(segmentMean[i]);
            }
            ArrayNode changes = c.putArray("changes");
            for (ChangePoint cp : h.changePoints()) {
                changes.addObject().put("index", cp.index())
                        .put("text", HistoryTables.changeText(cp, set.metric().direction()) + " (p "
                                + Formats.pValue(cp.pValue()) + ")")
                        .put("worse", set.metric().direction().isBetter(cp.meanBefore(), cp.meanAfter()));
            }
        }
        return out;
    }

    /**
     * Each workload named by the parts of its key in which the workloads differ ({@code 4KiB 1 thread qd1}, when
     * all are randread buffered sync none), as {@code compare}'s rows are; one workload alone by its whole label.
     */
    static List<String> labels(HistorySet set) {
        List<WorkloadKey> keys = set.workloads().stream().map(WorkloadHistory::workload).toList();
        Set<WorkloadKey.Part> varying = WorkloadKey.varying(keys);
        if (keys.size() < 2 || varying.isEmpty()) {
            return set.labels();
        }
        List<String> out = keys.stream().map(k -> k.label(varying)).toList();
        return out.stream().distinct().count() == out.size() && out.stream().noneMatch(String::isEmpty) ? out
                : set.labels();
    }
}
