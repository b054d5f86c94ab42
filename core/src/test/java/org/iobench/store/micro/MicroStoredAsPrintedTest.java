package org.iobench.store.micro;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.compare.Metric;
import org.iobench.store.Databases;
import org.iobench.store.NewMicroRun;
import org.iobench.store.ResultStore;
import org.iobench.store.RunQuery;
import org.iobench.store.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: iobench micro printed ForEach fastest (4606 ns/op) and the stored mean kept the outliers the table had
 * dropped (6942 ns/op); a stored variant carried another variant's warning. The stored figures are the printed ones.
 */
class MicroStoredAsPrintedTest {
    @TempDir
    Path dir;

    @Test
    void theUpperOutliersTheTableLeftOutAreLeftOutOfTheStoredMeanAndEverySample() {
        try (ResultStore store = ResultStore.open(Databases.sqlite(dir))) {
            long id = store.save(new NewMicroRun("sums", "forEach", List.of(4600.0, 4610.0, 4590.0, 4620.0, 4610.0,
                    16000.0), "java 25", "{\"kind\":\"iobench-micro\"}", "{}", Map.of(), null,
                    java.time.Instant.parse("2026-11-30T12:00:00Z"), 1));
            // the report's mean: 4606 ns/op over the five samples inside the fence
            assertThat(1e9 / store.get(id).orElseThrow().meanIops()).isCloseTo(4606, org.assertj.core.data.Offset
                    .offset(1e-6));
            assertThat(store.get(id).orElseThrow().complete()).as("an outlier is a measurement").isTrue();
            List<Sample> samples = store.samples(RunQuery.ALL);
            assertThat(samples).extracting(Metric.NS_OP::of).containsExactly(4600.0, 4610.0, 4590.0, 4620.0, 4610.0);
        }
    }

    @Test
    void aStoredVariantCarriesItsOwnWarningsOnlyAndItsOutlierCount() throws Exception {
        ObjectNode doc;
        try (InputStream in = getClass().getResourceAsStream("/store/micro/micro-jvm-a.json")) {
            doc = (ObjectNode) new ObjectMapper().readTree(in);
        }
        ObjectNode suite = (ObjectNode) doc.path("suites").get(0);
        String first = suite.path("variants").get(0).path("name").asText();
        String second = suite.path("variants").get(1).path("name").asText();
        ArrayNode warnings = suite.putArray("warnings");
        warnings.add(first + ": warm-up did not settle").add(second + ": wide spread").add("the JIT compiled");
        ((ObjectNode) suite.path("variants").get(1)).put("upperOutliers", 1);

        List<NewMicroRun> runs = MicroImport.read(doc, Map.of(), null);
        JsonNode firstDoc = new ObjectMapper().readTree(runs.get(0).document());
        assertThat(firstDoc.path("suites").get(0).path("warnings")).extracting(JsonNode::asText)
                .containsExactly(first + ": warm-up did not settle", "the JIT compiled");
        JsonNode secondDoc = new ObjectMapper().readTree(runs.get(1).document());
        assertThat(secondDoc.path("suites").get(0).path("warnings")).extracting(JsonNode::asText)
                .containsExactly(second + ": wide spread", "the JIT compiled");
        assertThat(runs.get(0).upperOutliers()).isZero();
        assertThat(runs.get(1).upperOutliers()).isEqualTo(1);
    }
}
