package org.iobench.store.micro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iobench.store.NewMicroRun;

/**
 * Reads the JSON report of the Suite API ({@code iobench micro --json}, docs/micro-json-format.md, version 1) into
 * one {@link NewMicroRun} per suite and variant. Reads the format only; nothing here depends on the micro module.
 */
public final class MicroImport {
    public static final String KIND = "iobench-micro";
    public static final int FORMAT_VERSION = 1;

    private MicroImport() {}

    /** True when {@code doc} says it is a micro-benchmark report ({@code "kind": "iobench-micro"}). */
    public static boolean isMicro(JsonNode doc) {
        return doc.isObject() && KIND.equals(doc.path("kind").asText(null));
    }

    /**
     * The runs of every variant of every suite, in the report's order.
     *
     * @throws IOException one line naming what is missing or wrong (a suite or variant by name where known)
     */
    public static List<NewMicroRun> read(JsonNode doc, Map<String, String> labels, String note) throws IOException {
        if (!isMicro(doc)) {
            throw new IOException("not an iobench micro report (no \"kind\": \"" + KIND + "\")");
        }
        int version = doc.path("formatVersion").asInt(-1);
        if (version != FORMAT_VERSION) {
            throw new IOException("micro report formatVersion " + doc.path("formatVersion")
                    + " is not supported (this iobench reads " + FORMAT_VERSION + ")");
        }
        Instant startedAt;
        try {
            startedAt = Instant.parse(text(doc, "startedAt", "the report"));
        } catch (DateTimeParseException e) {
            throw new IOException("startedAt '" + doc.path("startedAt").asText() + "' is not an ISO-8601 instant");
        }
        JsonNode env = doc.path("environment");
        if (!env.isObject()) {
            throw new IOException("the report has no \"environment\" object");
        }
        String jvm = jvm(env);
        JsonNode suites = doc.path("suites");
        if (!suites.isArray() || suites.isEmpty()) {
            throw new IOException("the report has no suites");
        }
        List<NewMicroRun> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode suite : suites) {
            String name = text(suite, "name", "a suite");
            if (!seen.add(name)) {
                throw new IOException("suite '" + name + "' appears twice; its variants would be one workload");
            }
            JsonNode variants = suite.path("variants");
            if (!variants.isArray()) {
                throw new IOException("suite '" + name + "' has no \"variants\" array");
            }
            for (JsonNode variant : variants) {
                String v = text(variant, "name", "a variant of suite '" + name + "'");
                List<Double> values = samples(variant, name, v);
                int outliers = variant.path("upperOutliers").asInt(0);
                if (outliers < 0 || outliers > values.size()) {
                    throw new IOException("suite '" + name + "', variant '" + v + "': upperOutliers " + outliers
                            + " of " + values.size() + " samples");
                }
                out.add(new NewMicroRun(name, v, values, jvm, document(doc, suite, variant), env.toString(), labels,
                        note, startedAt, outliers));
            }
        }
        return out;
    }

    /** {@code java 25.0.3 (Eclipse Adoptium)}: how the run's target column names the JVM. */
    static String jvm(JsonNode env) {
        String version = env.path("javaVersion").asText("");
        String vendor = env.path("jvmVendor").asText("");
        return "java " + (version.isEmpty() ? "?" : version) + (vendor.isEmpty() ? "" : " (" + vendor + ")");
    }

    private static List<Double> samples(JsonNode variant, String suite, String name) throws IOException {
        JsonNode samples = variant.path("samplesNanosPerOp");
        if (!samples.isArray()) {
            throw new IOException("suite '" + suite + "', variant '" + name + "': no \"samplesNanosPerOp\" array");
        }
        List<Double> out = new ArrayList<>();
        for (JsonNode s : samples) {
            if (!s.isNumber()) {
                throw new IOException("suite '" + suite + "', variant '" + name + "': sample " + s
                        + " is not a number");
            }
            out.add(s.asDouble());
        }
        return out;
    }

    /** The report with only this suite, and in it only this variant: itself a valid report of the same format. */
    private static String document(JsonNode doc, JsonNode suite, JsonNode variant) {
        ObjectNode one = ((ObjectNode) suite).deepCopy();
        ArrayNode vs = one.putArray("variants");
        vs.add(variant.deepCopy());
        // the suite's warnings about another variant ("loop: ...", as forked suites name them) are not this one's
        String mine = variant.path("name").asText();
        Set<String> others = new HashSet<>();
        suite.path("variants").forEach(o -> others.add(o.path("name").asText()));
        others.remove(mine);
        if (suite.path("warnings").isArray()) {
            ArrayNode kept = one.putArray("warnings");
            for (JsonNode w : suite.path("warnings")) {
                String text = w.asText();
                if (others.stream().noneMatch(o -> text.startsWith(o + ": "))) {
                    kept.add(w.deepCopy());
                }
            }
        }
        ObjectNode d = ((ObjectNode) doc).deepCopy();
        d.putArray("suites").add(one);
        return d.toString();
    }

    private static String text(JsonNode node, String field, String what) throws IOException {
        JsonNode v = node.path(field);
        if (!v.isTextual() || v.asText().isEmpty()) {
            throw new IOException(what + " has no \"" + field + "\"");
        }
        return v.asText();
    }
}
