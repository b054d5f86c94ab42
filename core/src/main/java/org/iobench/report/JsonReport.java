package org.iobench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;

/**
 * The JSON form of results, {@code "formatVersion": 1}; documented field by field in docs/json-format.md.
 * Rates are plain numbers with their unit in the name ({@code bytesPerSecond}, {@code latency...Ns}).
 */
public final class JsonReport {
    public static final int FORMAT_VERSION = 1;
    private static final ObjectMapper MAPPER = mapper();

    private JsonReport() {}

    public static ObjectMapper mapper() {
        SimpleModule paths = new SimpleModule("iobench-paths");
        paths.addSerializer(Path.class, new JsonSerializer<>() {
            @Override
            public void serialize(Path value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeString(value.toString());
            }
        });
        return new ObjectMapper().registerModule(paths).enable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    /** The document for a list of benchmarks (one for {@code run}, several for a suite). */
    public static String write(List<BenchmarkResult> benchmarks, String iobenchVersion, Map<String, Object> extra) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("formatVersion", FORMAT_VERSION);
        doc.put("iobenchVersion", iobenchVersion);
        doc.putAll(extra);
        doc.put("complete", benchmarks.stream().allMatch(BenchmarkResult::complete));
        doc.put("benchmarks", benchmarks);
        try {
            return MAPPER.writeValueAsString(doc) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise results", e);
        }
    }

    /** One value (a benchmark, an environment) in the report's form, on one line. */
    public static String compact(Object value) {
        try {
            return MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /**
     * One value as a tree in the report's form, exactly as it reads back from a written document (written and parsed,
     * so NaN is the string {@code "NaN"} there as in a file).
     */
    public static ObjectNode tree(Object value) {
        try {
            return (ObjectNode) MAPPER.readTree(MAPPER.writeValueAsString(value));
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** Parses a document written by {@link #write} into a tree (tests, imports). */
    public static ObjectNode read(String json) throws IOException {
        return (ObjectNode) MAPPER.readTree(json);
    }
}
