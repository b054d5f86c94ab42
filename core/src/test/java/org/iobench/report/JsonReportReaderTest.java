package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.iobench.result.BenchmarkResult;
import org.iobench.store.fio.FioImport;
import org.junit.jupiter.api.Test;

class JsonReportReaderTest {
    @Test
    void iobenchsOwnJsonFileReadsBackAndOtherVersionsAreRefused() throws IOException {
        JsonNode doc;
        try (InputStream in = getClass().getResourceAsStream("/store/iobench/randread-v1-uppercase-enums.json")) {
            doc = JsonReportReader.tree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        List<BenchmarkResult> r = JsonReportReader.benchmarks(doc);
        assertThat(r).singleElement().satisfies(b -> {
            assertThat(b.job().name()).isEqualTo("fixture-randread");
            assertThat(b.runs()).hasSize(2);
            assertThat(b.runs().getFirst().totals().reads()).isEqualTo(256);
        });
        ((ObjectNode) doc).put("formatVersion", 3);
        assertThatThrownBy(() -> JsonReportReader.benchmarks(doc)).hasMessageContaining("formatVersion 3")
                .hasMessageContaining("(1, 2)");
        assertThat(FioImport.isFio(doc)).isFalse();
    }

    @Test
    void aBenchmarkWrittenCompactReadsBackEqual() throws IOException {
        JsonNode doc;
        try (InputStream in = getClass().getResourceAsStream("/store/iobench/randread-v1-uppercase-enums.json")) {
            doc = JsonReportReader.tree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        BenchmarkResult b = JsonReportReader.benchmarks(doc).getFirst();
        assertThat(JsonReportReader.benchmark(JsonReport.compact(b))).isEqualTo(b);
        assertThat(JsonReport.tree(b).path("job").path("rw").asText()).isEqualTo("randread");
    }
}
