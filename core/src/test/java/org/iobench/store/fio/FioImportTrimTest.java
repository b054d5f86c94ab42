package org.iobench.store.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.iobench.store.fio.FioImportTest.fixture;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.iobench.job.RwMode;
import org.iobench.report.JsonReportReader;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.junit.jupiter.api.Test;

/** fio's trim section imported field by field from fio 3.33's own output (a loop device, a file with falloc). */
class FioImportTrimTest {

    private static RunResult only(JsonNode doc) throws IOException {
        FioImported imported = FioImport.read(doc);
        assertThat(imported.skipped()).isEmpty();
        BenchmarkResult b = imported.results().getFirst();
        return b.runs().getFirst();
    }

    @Test
    void aRandtrimOfALoopDeviceImportsItsTrimsLatencyAndRate() throws IOException {
        JsonNode doc = fixture("fio-randtrim-loop-device.json");
        JsonNode trim = doc.path("jobs").get(0).path("trim");
        BenchmarkResult b = FioImport.read(doc).results().getFirst();
        RunResult run = only(doc);

        assertThat(b.job().workload().rw()).isEqualTo(RwMode.RANDTRIM);
        assertThat(b.job().workload().blockSize()).isEqualTo(65536);
        assertThat(run.complete()).isTrue();
        assertThat(run.totals().trims()).isEqualTo(trim.path("total_ios").asLong()).isEqualTo(256);
        assertThat(run.totals().bytesTrimmed()).isEqualTo(trim.path("io_bytes").asLong()).isEqualTo(16L << 20);
        assertThat(run.totals().reads() + run.totals().writes()).isZero();
        assertThat(run.totals().iops()).isCloseTo(trim.path("iops").asDouble(), withinPercentage(0.01));
        assertThat(run.latencies().trim().count()).isEqualTo(trim.path("clat_ns").path("N").asLong());
        assertThat(run.latencies().trim().p50Ns())
                .isEqualTo(trim.path("clat_ns").path("percentile").path("50.000000").asLong());
        assertThat(run.latencies().trim().maxNs()).isEqualTo(trim.path("clat_ns").path("max").asLong());
    }

    @Test
    void aTrimwriteImportsBothDirectionsAndFallocsHolesImportAsTrims() throws IOException {
        JsonNode doc = fixture("fio-trimwrite-loop-device.json");
        RunResult run = only(doc);
        JsonNode job = doc.path("jobs").get(0);
        assertThat(FioImport.read(doc).results().getFirst().job().workload().rw()).isEqualTo(RwMode.TRIMWRITE);
        assertThat(run.totals().trims()).isEqualTo(job.path("trim").path("total_ios").asLong()).isEqualTo(128);
        assertThat(run.totals().writes()).isEqualTo(job.path("write").path("total_ios").asLong()).isEqualTo(128);
        assertThat(run.totals().bytesTrimmed()).isEqualTo(run.totals().bytesWritten()).isEqualTo(8L << 20);
        assertThat(run.latencies().write().count()).isEqualTo(128);
        assertThat(run.latencies().trim().count()).isEqualTo(128);

        JsonNode falloc = fixture("fio-falloc-randtrim-file.json");
        RunResult holes = only(falloc);
        assertThat(FioImport.read(falloc).results().getFirst().job().queue().engine()).isEqualTo("falloc");
        assertThat(holes.totals().trims()).isEqualTo(64);
        assertThat(holes.totals().bytesTrimmed()).isEqualTo(4L << 20);
    }

    @Test
    void fiosFailedTrimOfARegularFileImportsAsAnIncompleteRunWithItsError() throws IOException {
        String text;
        try (InputStream in = getClass().getResourceAsStream("/store/fio/fio-trim-regular-file-enotty.json")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(text).as("fio's error line comes first").startsWith("fio: pid=");
        RunResult run = only(JsonReportReader.tree(FioCapturedOutput.withoutLeadingMessages(text)));
        assertThat(run.complete()).isFalse();
        assertThat(run.outcome().stopReason()).isEqualTo("fio reported error 25");
        assertThat(run.totals().bytesTrimmed()).isZero();
        assertThat(run.totals().trims()).as("fio counts the failed trim among its total_ios").isEqualTo(1);
        assertThat(run.latencies().trim().count()).as("no trim completed").isZero();
    }
}
