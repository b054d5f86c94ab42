package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.iobench.report.JsonReport;
import org.iobench.report.JsonV2;
import org.iobench.result.BenchmarkResult;
import org.iobench.testing.EveryField;
import org.junit.jupiter.api.Test;

/**
 * A stored row holds a benchmark in the records' flat form (the form of formatVersion 1, the store's document
 * version 1): with JobSpec and RunResult made of parts, every field of both still lands in the row flat, as before,
 * is the published benchmark ({@code iobench run -o FILE}, version 2) once translated, and reads back into the same
 * job and runs.
 */
class DocumentShapeTest {
    private static final ObjectMapper TREES = new ObjectMapper();

    @Test
    void everyFieldOfAJobAndItsRunsIsStoredFlatAndReadsBack() throws Exception {
        for (BenchmarkResult b : EveryField.benchmarks()) {
            String row = DocumentCodec.encode(b);
            String report = JsonReport.write(java.util.List.of(b), "shape-test", java.util.Map.of());
            assertThat(TREES.readTree(JsonV2.upgrade(TREES.readTree(row)).toString()))
                    .isEqualTo(TREES.readTree(report).path("benchmarks").get(0));
            BenchmarkResult read = DocumentCodec.decodeResult(DocumentCodec.CURRENT, row);
            assertThat(read.job()).isEqualTo(b.job());
            assertThat(read.runs().getFirst().latencies()).isEqualTo(b.runs().getFirst().latencies());
            assertThat(TREES.readTree(DocumentCodec.encode(read))).isEqualTo(TREES.readTree(row));
        }
    }
}
