package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.result.BenchmarkResult;
import org.iobench.testing.EveryField;
import org.iobench.testing.ResultSchema;
import org.junit.jupiter.api.Test;

/**
 * JobSpec and RunResult are made of named parts, but the records still serialize flat, field for field and in the
 * same order, as formatVersion 1 wrote them (the shape {@link JsonV2} translates and the store keeps): the golden
 * file was written by the flat records they replaced, from the same values, every field set ({@link EveryField}).
 * The published document (version 2) made from that shape conforms to docs/json-schema-v2.json with every field
 * set, goes back to the same flat shape, and reads back into the same jobs and runs (the store's rows:
 * {@code DocumentShapeTest}).
 */
class JsonShapeTest {
    private static final String GOLDEN = "report/golden/json-shape-v1.json";

    @Test
    void jobsAndRunsAreWrittenFlatFieldForFieldAsFormatVersionOneHasAlwaysWrittenThem() throws Exception {
        JsonNode written = JsonReport.read(JsonReport.mapper().writeValueAsString(
                Map.of("benchmarks", EveryField.benchmarks())));
        assertSameJobsAndRuns(written, golden());
    }

    @Test
    void theVersionTwoDocumentOfEveryFieldConformsToTheSchemaAndGoesBackToTheFlatShape() throws Exception {
        String json = JsonReport.write(EveryField.benchmarks(), "shape-test", Map.of());
        JsonNode v2 = ResultSchema.assertValid(json);
        assertThat(v2.path("formatVersion").asInt()).isEqualTo(2);
        assertSameJobsAndRuns(JsonReport.read(JsonV2.downgrade(v2).toString()), golden()); // as a reader parses it
    }

    private JsonNode golden() throws Exception {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(GOLDEN)) {
            return JsonReport.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /**
     * The same jobs and runs, field for field and in the same order. (Totals' derived rates come in the order the
     * JVM lists their getters, which varies between runs, so the text is not compared; fields added to a benchmark
     * since, beside its job and runs, are not this test's business.)
     */
    private static void assertSameJobsAndRuns(JsonNode written, JsonNode golden) {
        for (int b = 0; b < 2; b++) {
            JsonNode mine = written.path("benchmarks").get(b);
            JsonNode theirs = golden.path("benchmarks").get(b);
            assertThat(mine.path("job")).isEqualTo(theirs.path("job"));
            assertThat(mine.path("runs")).isEqualTo(theirs.path("runs"));
            assertThat(fields(mine.path("job"))).isEqualTo(fields(theirs.path("job")));
            for (int r = 0; r < theirs.path("runs").size(); r++) {
                assertThat(fields(mine.path("runs").get(r))).isEqualTo(fields(theirs.path("runs").get(r)));
            }
        }
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void theGoldenDocumentReadsBackIntoTheSameJobsAndRuns() throws Exception {
        String json = JsonReport.write(EveryField.benchmarks(), "shape-test", Map.of());
        List<BenchmarkResult> read = JsonReportReader.benchmarks(JsonReport.read(json));
        assertThat(read).hasSize(2);
        for (int i = 0; i < 2; i++) {
            BenchmarkResult expected = EveryField.benchmarks().get(i);
            assertThat(read.get(i).job()).isEqualTo(expected.job());
            assertThat(read.get(i).runs()).hasSameSizeAs(expected.runs());
            for (int r = 0; r < expected.runs().size(); r++) {
                assertThat(read.get(i).runs().get(r).latencies()).isEqualTo(expected.runs().get(r).latencies());
            }
        }
        assertThat(JsonReport.read(JsonReport.write(read, "shape-test", Map.of()))).isEqualTo(JsonReport.read(json));
    }
}
