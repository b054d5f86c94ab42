package org.iobench.store;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.iobench.report.JsonReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.sysmon.env.Environment;

/**
 * The JSON documents kept in the {@code result} and {@code environment} columns: the same form as
 * {@code iobench run --json} (JsonReport, formatVersion 1), so a stored run reads like a saved file. Reading ignores
 * fields this build does not know, so runs saved by a newer iobench still show.
 */
public final class ResultCodec {
    private static final ObjectMapper WRITER = JsonReport.mapper().disable(SerializationFeature.INDENT_OUTPUT);
    // Case-insensitive enums: early formatVersion 1 files spelled them RANDREAD, later ones randread.
    // Lists added to the format later (findings) are empty, not null, in documents written before them.
    private static final ObjectMapper READER = reader();

    private static ObjectMapper reader() {
        ObjectMapper m = JsonReport.mapper()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .configure(com.fasterxml.jackson.databind.MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, true);
        m.configOverride(List.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        return m;
    }

    private ResultCodec() {}

    public static String encode(Object value) {
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** @throws IOException if the document is not a benchmark result this build can read */
    public static BenchmarkResult decodeResult(String json) throws IOException {
        return READER.readValue(json, BenchmarkResult.class);
    }

    public static Environment decodeEnvironment(String json) throws IOException {
        return READER.readValue(json, Environment.class);
    }

    /**
     * The benchmarks of an {@code iobench run --json} document.
     *
     * @throws IOException if it is not one, or its formatVersion is not 1
     */
    public static List<BenchmarkResult> decodeReport(JsonNode doc) throws IOException {
        int version = doc.path("formatVersion").asInt(-1);
        if (version != JsonReport.FORMAT_VERSION) {
            throw new IOException("formatVersion " + doc.path("formatVersion") + " is not one this iobench reads ("
                    + JsonReport.FORMAT_VERSION + ")");
        }
        List<BenchmarkResult> out = new ArrayList<>();
        for (JsonNode b : doc.path("benchmarks")) {
            out.add(READER.treeToValue(b, BenchmarkResult.class));
        }
        return out;
    }

    public static JsonNode tree(String json) throws IOException {
        return READER.readTree(json);
    }
}
