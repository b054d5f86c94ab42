package org.iobench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;

/**
 * The JSON form of results, {@code "formatVersion": 2}; documented field by field in docs/json-format.md and by
 * docs/json-schema-v2.json, written straight from the result records by {@link JsonV2Writer} (the one place the
 * published format is made, whatever shape the records have; their own form, version 1's, is the store's). Units
 * are in the names ({@code bytesPerSecond}, {@code p99Ns}, {@code userSeconds}); undefined numbers are
 * {@code null}.
 */
public final class JsonReport {
    public static final int FORMAT_VERSION = JsonV2.FORMAT_VERSION;
    private static final ObjectMapper MAPPER = mapper();
    private static final ObjectMapper COMPACT = mapper().disable(SerializationFeature.INDENT_OUTPUT);

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
        return document(doc);
    }

    /**
     * Any document of results ({@code verify --format json}, a saturation search...) in the version 2 form,
     * pretty-printed with a final newline.
     */
    public static String document(Map<String, Object> doc) {
        return written(doc, MAPPER) + "\n";
    }

    /** One value (a benchmark, an environment) in the report's form, on one line. */
    public static String compact(Object value) {
        return written(value, COMPACT);
    }

    /**
     * One value as a tree in the report's form (version 2), exactly as it reads back from a written document (a
     * benchmark, an environment, a whole document).
     */
    public static ObjectNode tree(Object value) {
        try {
            return (ObjectNode) MAPPER.readTree(written(value, COMPACT));
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** {@code value} in version 2's form, through {@link JsonV2Writer}. */
    private static String written(Object value, ObjectMapper mapper) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = new JsonV2Writer(mapper.getFactory().createGenerator(text))) {
            mapper.writeValue(out, value);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
        return text.toString();
    }

    /** Parses a document written by {@link #write} into a tree (tests, imports). */
    public static ObjectNode read(String json) throws IOException {
        return (ObjectNode) MAPPER.readTree(json);
    }
}
