package org.iobench.report;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.iobench.result.BenchmarkResult;
import org.iobench.sysmon.env.Environment;

/**
 * Reads what {@link JsonReport} writes: {@code iobench run --json} files (imports) and the documents agents send
 * back (multi-host runs). Tolerant the way a reader of files from other versions must be: fields this build does
 * not know are skipped, enums are read in any case (early formatVersion 1 files spelled them RANDREAD), and lists
 * added to the format later (findings) are empty when absent.
 */
public final class JsonReportReader {
    private static final ObjectMapper READER = reader();

    private JsonReportReader() {}

    private static ObjectMapper reader() {
        ObjectMapper m = JsonReport.mapper()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, true);
        m.configOverride(List.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.AS_EMPTY));
        return m;
    }

    /**
     * The benchmarks of a report document.
     *
     * @throws IOException if it is not one, or its formatVersion is not {@value JsonReport#FORMAT_VERSION}
     */
    public static List<BenchmarkResult> benchmarks(JsonNode doc) throws IOException {
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

    /** One benchmark as the report writes it (an item of {@code benchmarks[]}). */
    public static BenchmarkResult benchmark(String json) throws IOException {
        return READER.readValue(json, BenchmarkResult.class);
    }

    /** An {@code environment} object as the report writes it. */
    public static Environment environment(String json) throws IOException {
        return READER.readValue(json, Environment.class);
    }

    public static JsonNode tree(String json) throws IOException {
        return READER.readTree(json);
    }
}
