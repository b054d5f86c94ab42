package org.iobench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.session.ExitException;
import org.iobench.store.StoredRun;

/** {@code iobench show ID} for a stored micro-benchmark variant: its samples and statistics as imported. */
final class MicroRunText {
    private MicroRunText() {}

    /**
     * Text: the run, the suite, variant and JVM, the variant's statistics and samples; JSON: the stored report (one
     * suite, one variant) with {@code id}, {@code createdAt}, {@code source}, {@code labels} and {@code note} added.
     */
    static String show(StoredRun run, String document, boolean json) {
        JsonNode doc;
        try {
            doc = new ObjectMapper().readTree(document);
        } catch (IOException e) {
            throw new ExitException(ExitException.IO_FAILURE, "run " + run.id() + ": the stored micro report is not"
                    + " readable JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("id", run.id());
            o.put("createdAt", run.createdAt().toString());
            o.put("source", run.source());
            o.putPOJO("labels", run.labels());
            o.put("note", run.note());
            o.setAll((ObjectNode) doc);
            try {
                return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n";
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        JsonNode suite = doc.path("suites").path(0);
        JsonNode v = suite.path("variants").path(0);
        StringBuilder s = new StringBuilder();
        s.append("run ").append(run.id()).append(", ").append(DateTimeFormatter.ISO_INSTANT.format(run.createdAt()))
                .append(", imported from ").append(run.source());
        if (!run.labels().isEmpty()) {
            s.append(", labels ").append(String.join(" ", run.labels().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).toList()));
        }
        s.append('\n');
        if (run.note() != null) {
            s.append("note: ").append(run.note()).append('\n');
        }
        JsonNode env = doc.path("environment");
        s.append("micro-benchmark: suite '").append(suite.path("name").asText()).append("', variant '")
                .append(v.path("name").asText()).append("'\n");
        s.append("JVM: ").append(run.target()).append(", ").append(env.path("jvmName").asText("?")).append(" on ")
                .append(env.path("osName").asText("?")).append(' ').append(env.path("osArch").asText(""))
                .append(", ").append(env.path("availableProcessors").asInt()).append(" CPUs")
                .append(env.path("cpuModel").asText("").isEmpty() ? "" : " x " + env.path("cpuModel").asText())
                .append('\n');
        s.append(String.format(Locale.ROOT, "ns/op: mean %s ±%s (95%% CI, %d upper outliers left out), median %s,"
                        + " %d samples of %d calls%n", num(v, "meanNanosPerOp"), num(v, "ci95NanosPerOp"),
                v.path("upperOutliers").asInt(), num(v, "medianNanosPerOp"), v.path("n").asInt(),
                v.path("opsPerSample").asLong()));
        List<String> samples = new ArrayList<>();
        v.path("samplesNanosPerOp").forEach(x -> samples.add(fixed(x.asDouble())));
        s.append("samples (ns/op): ").append(String.join(" ", samples)).append('\n');
        suite.path("warnings").forEach(w -> s.append("! ").append(w.asText()).append('\n'));
        v.path("warnings").forEach(w -> s.append("! ").append(w.asText()).append('\n'));
        return s.toString();
    }

    private static String num(JsonNode node, String field) {
        JsonNode x = node.path(field);
        return x.isNumber() ? fixed(x.asDouble()) : "n/a";
    }

    /** Three decimals below 100 ns, whole nanoseconds above. */
    private static String fixed(double ns) {
        return String.format(Locale.ROOT, Math.abs(ns) < 100 ? "%.3f" : "%.0f", ns);
    }
}
