package org.iobench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.iobench.compare.Summary;
import org.iobench.history.GateResult;
import org.iobench.history.GateRow;
import org.iobench.store.WorkloadKey;

/** {@code iobench check --format json}, version {@value #FORMAT_VERSION}; layout in docs/history.md. */
public final class CheckJson {
    public static final int FORMAT_VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CheckJson() {}

    public static String render(GateResult r, String checked, String baseline) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("formatVersion", FORMAT_VERSION);
        root.put("checked", checked);
        root.put("baseline", baseline);
        root.put("metric", r.metric().unit());
        root.put("maxRegressionPercent", r.gate().maxRegressionPercent());
        root.put("alpha", r.gate().alpha());
        root.put("passed", r.passed());
        root.put("regressed", r.regressions().size());
        root.put("notJudged", r.notJudged());
        root.put("inconclusive", r.inconclusive().size());
        root.put("failedOnFindings", r.failedOnFindings().size());
        ArrayNode rows = root.putArray("workloads");
        for (GateRow g : r.rows()) {
            ObjectNode o = rows.addObject();
            o.put("workload", g.workload().label());
            o.set("key", HistoryJson.key(g.workload()));
            o.set("baseline", side(g.baseline()));
            o.set("checked", side(g.candidate()));
            o.put("changePercent", g.changePercent());
            o.put("gainPercent", g.gainPercent());
            o.put("test", g.judgement().test().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            if (Double.isNaN(g.judgement().pValue())) {
                o.putNull("pValue");
            } else {
                o.put("pValue", g.judgement().pValue());
            }
            o.put("verdict", g.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            if (g.judgement().reason() != null) {
                o.put("reason", g.judgement().reason());
            }
            if (Double.isNaN(g.detectablePercent())) {
                o.putNull("detectableLossPercent");
            } else {
                o.put("detectableLossPercent", g.detectablePercent());
            }
            ArrayNode warnings = o.putArray("warnings");
            g.warnings().keySet().forEach(warnings::add);
        }
        ArrayNode onlyChecked = root.putArray("withoutBaseline");
        r.onlyInCandidate().stream().map(WorkloadKey::label).forEach(onlyChecked::add);
        ArrayNode onlyBaseline = root.putArray("onlyInBaseline");
        r.onlyInBaseline().stream().map(WorkloadKey::label).forEach(onlyBaseline::add);
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode side(Summary s) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("n", s.n());
        o.put("mean", s.mean());
        o.put("min", s.min());
        o.put("max", s.max());
        return o;
    }
}
