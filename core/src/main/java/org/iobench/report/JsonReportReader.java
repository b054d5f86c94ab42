package org.iobench.report;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.sysmon.env.Environment;

/**
 * Reads what {@link JsonReport} writes: {@code iobench run -o} files (imports) and the documents agents send back
 * (multi-host runs), of formatVersion 2 and of formatVersion 1 (files of earlier releases keep importing; a
 * version 2 document is read through {@link JsonV2#downgrade}). Tolerant the way a reader of files from other
 * versions must be: fields this build does not know are skipped, enums are read in any case (early formatVersion 1
 * files spelled them RANDREAD), lists added to the format later (findings) are empty when absent, and a number
 * that is {@code null} (version 2) or {@code "NaN"} (version 1) is NaN.
 */
public final class JsonReportReader {
    private static final ObjectMapper READER = reader();

    private JsonReportReader() {}

    private static ObjectMapper reader() {
        ObjectMapper m = JsonReport.mapper()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, true);
        m.configOverride(List.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        SimpleModule undefined = new SimpleModule("iobench-undefined-numbers");
        undefined.addDeserializer(Double.TYPE, new NanForNull());
        undefined.addDeserializer(Double.class, new NanForNull());
        return m.registerModule(undefined);
    }

    /** A double that is {@code null} in the document is undefined: NaN, as the records hold it (not 0). */
    private static final class NanForNull extends StdScalarDeserializer<Double> {
        NanForNull() {
            super(Double.class);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                String s = p.getText().strip();
                return switch (s) {
                    case "NaN", "" -> Double.NaN;
                    case "Infinity" -> Double.POSITIVE_INFINITY;
                    case "-Infinity" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(s);
                };
            }
            return p.getValueAsDouble();
        }

        @Override
        public Double getNullValue(DeserializationContext ctxt) {
            return Double.NaN;
        }
    }

    /**
     * The benchmarks of a report document.
     *
     * @throws IOException if it is not one, or its formatVersion is not 1 or {@value JsonReport#FORMAT_VERSION}
     */
    public static List<BenchmarkResult> benchmarks(JsonNode doc) throws IOException {
        int version = version(doc);
        List<BenchmarkResult> out = new ArrayList<>();
        for (JsonNode b : doc.path("benchmarks")) {
            out.add(READER.treeToValue(version == 1 ? b : JsonV2.downgrade(b), BenchmarkResult.class));
        }
        return out;
    }

    /**
     * The document's formatVersion: 1 or {@value JsonReport#FORMAT_VERSION}.
     *
     * @throws IOException naming the version when it is neither
     */
    public static int version(JsonNode doc) throws IOException {
        int version = doc.path("formatVersion").asInt(-1);
        if (version != 1 && version != JsonReport.FORMAT_VERSION) {
            throw new IOException("formatVersion " + doc.path("formatVersion") + " is not one this iobench reads (1, "
                    + JsonReport.FORMAT_VERSION + ")");
        }
        return version;
    }

    /** The benchmarks of a document of either version, as version 2 trees (what reports read). */
    public static List<JsonNode> benchmarkTrees(JsonNode doc) throws IOException {
        int version = version(doc);
        JsonNode v2 = version == 1 ? JsonV2.upgrade(doc) : doc;
        List<JsonNode> out = new ArrayList<>();
        v2.path("benchmarks").forEach(out::add);
        return out;
    }

    /**
     * The benchmarks of a document of either version as items of a report, named {@code SOURCE:1},
     * {@code SOURCE:2}... in the document's order, each with the labels and the environment it carries (a
     * benchmark written by {@code run -o} carries neither).
     *
     * @throws IOException if it is not a document of benchmarks[], its version is not one this build reads, or a
     *                     benchmark does not read as a result
     */
    public static List<ReportItem> items(JsonNode doc, String source) throws IOException {
        if (!doc.path("benchmarks").isArray()) {
            throw new IOException("no benchmarks[]");
        }
        int version = version(doc);
        List<ReportItem> out = new ArrayList<>();
        for (JsonNode b : doc.path("benchmarks")) {
            BenchmarkResult result;
            Environment environment;
            JsonNode env = b.path("environment");
            try {
                result = result(version == 1 ? b : JsonV2.downgrade(b));
                environment = !env.isObject() ? null
                        : READER.treeToValue(version == 1 ? env : JsonV2.downgrade(env), Environment.class);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                // one line, without the parser's location and reference chain
                throw new IOException("benchmarks[" + out.size() + "]: " + e.getOriginalMessage().lines()
                        .findFirst().orElse("does not read as a result"), e);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            b.path("labels").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(new ReportItem(source + ":" + (out.size() + 1), result, environment, labels));
        }
        return out;
    }

    /**
     * A benchmark in the records' form (version 1). One whose job lacks fields every iobench writes (a document
     * made by hand or by another tool: no engine, no target) reads over a blank job, each field it lacks at the
     * job's default, as iobench would have run it; the fields it has are its own.
     */
    private static BenchmarkResult result(JsonNode v1) throws IOException {
        try {
            return READER.treeToValue(v1, BenchmarkResult.class);
        } catch (JsonMappingException sparse) {
            if (!(v1 instanceof ObjectNode b) || !(b.path("job") instanceof ObjectNode job)) {
                throw sparse;
            }
            ObjectNode filled = b.deepCopy();
            filled.set("job", BLANK_JOB.deepCopy().setAll(job));
            try {
                return READER.treeToValue(filled, BenchmarkResult.class);
            } catch (IOException | RuntimeException notEvenSo) {
                throw sparse;
            }
        }
    }

    /** The JSON form of a job with every field at its default, and no name (a job named by its workload). */
    private static final ObjectNode BLANK_JOB = blankJob();

    private static ObjectNode blankJob() {
        ObjectNode job = READER.valueToTree(JobSpec.builder(Path.of("")).build());
        job.remove("name");
        return job;
    }

    /** One benchmark as the report writes it (an item of {@code benchmarks[]}, version 2). */
    public static BenchmarkResult benchmark(String json) throws IOException {
        return READER.treeToValue(JsonV2.downgrade(READER.readTree(json)), BenchmarkResult.class);
    }

    /** An {@code environment} object as the report writes it (version 2). */
    public static Environment environment(String json) throws IOException {
        return READER.treeToValue(JsonV2.downgrade(READER.readTree(json)), Environment.class);
    }

    public static JsonNode tree(String json) throws IOException {
        return READER.readTree(json);
    }
}
