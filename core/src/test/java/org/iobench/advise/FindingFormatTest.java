package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.iobench.advise.Recorded.job;
import static org.iobench.advise.Recorded.result;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.iobench.advise.Recorded.Run;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.report.FindingText;
import org.iobench.report.JsonReport;
import org.iobench.report.JsonReportReader;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.junit.jupiter.api.Test;

/** A finding's job, runs, confidence and severity reach the text and the JSON, and old documents still read. */
class FindingFormatTest {

    private static BenchmarkResult rmw() {
        return Advisor.standard().advise(result(job("seed000").rw(RwMode.WRITE).blockSize(512)
                .sync(SyncMode.FDATASYNC).build(), Run.of(0, 32L << 20).workers(32L << 20, 32L << 20)));
    }

    @Test
    void theTextLineNamesSeverityJobRunAndConfidence() {
        assertThat(FindingText.lines(List.of(rmw()))).singleElement().asString()
                .startsWith("warning: seed000 run 1: [read-modify-write] ")
                .contains("; certain); fix: ");
    }

    @Test
    void theJsonCarriesTheNewFieldsInLowerCaseAndReadsBack() throws IOException {
        BenchmarkResult b = rmw();
        JsonNode f = JsonReport.read(JsonReport.write(List.of(b), "test", Map.of())).path("benchmarks").get(0)
                .path("findings").get(0);
        assertThat(f.path("id").asText()).isEqualTo("read-modify-write");
        assertThat(f.path("job").asText()).isEqualTo("seed000");
        assertThat(f.path("runs").get(0).asInt()).isEqualTo(1);
        assertThat(f.path("confidence").asText()).isEqualTo("certain");
        assertThat(f.path("severity").asText()).isEqualTo("warning");
        assertThat(JsonReportReader.benchmark(JsonReport.compact(b)).findings()).isEqualTo(b.findings());
    }

    @Test
    void aFindingStoredBeforeTheseFieldsReadsAsAWarningOfItsJob() throws IOException {
        BenchmarkResult b = rmw();
        String json = JsonReport.compact(b.withFindings(List.of()))
                .replace("\"findings\":[]", "\"findings\":[{\"id\":\"noisy\",\"message\":\"m\",\"evidence\":\"e\","
                        + "\"fix\":\"f\"}]");
        BenchmarkResult old = JsonReportReader.benchmark(json);
        Finding f = old.findings().getFirst();
        assertThat(f.severity()).isEqualTo(Finding.Severity.WARNING);
        assertThat(f.confidence()).isNull();
        assertThat(FindingText.line(f, old)).isEqualTo("warning: seed000: [noisy] m (e); fix: f");
    }
}
