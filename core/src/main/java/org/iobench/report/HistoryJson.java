package org.iobench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.iobench.compare.Direction;
import org.iobench.history.ChangePoint;
import org.iobench.history.HistoryPoint;
import org.iobench.history.HistorySet;
import org.iobench.history.WorkloadHistory;
import org.iobench.store.WorkloadKey;

/**
 * {@code iobench history --format json}, version {@value #FORMAT_VERSION}: the parameters, then per workload every
 * point (its runs' repetitions as they were analysed) and every change point. Layout in docs/history.md.
 */
public final class HistoryJson {
    public static final int FORMAT_VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private HistoryJson() {}

    public static String render(HistorySet set) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(document(set)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The document as a tree (the HTML report embeds the same data). */
    public static ObjectNode document(HistorySet set) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("formatVersion", FORMAT_VERSION);
        root.put("order", set.order().byTime() ? "time" : "label");
        if (!set.order().byTime()) {
            root.put("label", set.order().label());
        }
        root.put("metric", set.metric().unit());
        root.put("higherIsBetter", set.metric().direction() == Direction.HIGHER_IS_BETTER);
        ObjectNode params = root.putObject("changePoints");
        params.put("method", "e-divisive-means");
        params.put("alpha", set.options().alpha());
        params.put("minMagnitudePercent", set.options().minChange() * 100);
        params.put("permutations", set.options().permutations());
        params.put("seed", set.options().seed());
        params.put("permute", set.options().exchangeable().name().toLowerCase(Locale.ROOT));
        root.put("unlabelledRuns", set.unlabelledRuns());
        ArrayNode workloads = root.putArray("workloads");
        List<String> labels = set.labels();
        for (int i = 0; i < set.workloads().size(); i++) {
            WorkloadHistory h = set.workloads().get(i);
            ObjectNode w = workloads.addObject();
            w.put("workload", labels.get(i));
            w.set("key", key(h.workload()));
            ArrayNode points = w.putArray("points");
            for (HistoryPoint p : h.points()) {
                ObjectNode o = points.addObject();
                o.put("name", p.name());
                ArrayNode ids = o.putArray("runIds");
                p.runIds().forEach(ids::add);
                o.put("first", DateTimeFormatter.ISO_INSTANT.format(p.first()));
                o.put("last", DateTimeFormatter.ISO_INSTANT.format(p.last()));
                ArrayNode runs = o.putArray("runs");
                for (double[] r : p.runs()) {
                    ArrayNode reps = runs.addArray();
                    for (double v : r) {
                        reps.add(v);
                    }
                }
                o.put("n", p.samples());
                o.put("mean", p.mean());
                o.put("min", p.min());
                o.put("max", p.max());
            }
            ArrayNode changes = w.putArray("changePoints");
            for (ChangePoint c : h.changePoints()) {
                ObjectNode o = changes.addObject();
                o.put("index", c.index());
                o.put("before", h.points().get(c.index() - 1).name());
                o.put("after", h.points().get(c.index()).name());
                o.put("meanBefore", c.meanBefore());
                o.put("meanAfter", c.meanAfter());
                o.put("changePercent", c.changePercent());
                o.put("worse", set.metric().direction().isBetter(c.meanBefore(), c.meanAfter()));
                o.put("pValue", c.pValue());
            }
        }
        return root;
    }

    static ObjectNode key(WorkloadKey k) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("rw", k.rw());
        o.put("blockSize", k.blockSize());
        o.put("threads", k.threads());
        o.put("iodepth", k.iodepth());
        o.put("direct", k.direct());
        o.put("sync", k.sync());
        return o;
    }
}
