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
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.store.WorkloadKey;
import org.junit.jupiter.api.Test;

/**
 * The import fixes of issue 18, each against a file fio 3.33 wrote on this machine kind (the job files beside them in
 * src/test/resources/store/fio), field by field against fio's own JSON.
 */
class FioImportFixesTest {

    private static double fioIops(JsonNode entry) {
        return entry.path("read").path("iops").asDouble() + entry.path("write").path("iops").asDouble();
    }

    @Test
    void aGroupOfDifferentJobsKeepsFiosSumOfIopsAndSaysTheOptionsAreOneJobs() throws IOException {
        JsonNode doc = fixture("fio-group-two-jobs.json");
        JsonNode entry = doc.path("jobs").get(0);
        // the fixture is what the issue describes: one group entry, reads and writes that ran for different times
        assertThat(doc.path("jobs")).hasSize(1);
        assertThat(entry.path("read").path("runtime").asLong()).isNotEqualTo(entry.path("write").path("runtime")
                .asLong());

        BenchmarkResult r = FioImport.read(doc).results().getFirst();
        RunResult run = r.runs().getFirst();

        assertThat(run.totals().iops()).isCloseTo(fioIops(entry), withinPercentage(0.001));
        assertThat(run.totals().bytesRead()).isEqualTo(entry.path("read").path("io_bytes").asLong());
        assertThat(run.totals().bytesWritten()).isEqualTo(entry.path("write").path("io_bytes").asLong());
        assertThat(run.totals().reads()).isEqualTo(entry.path("read").path("total_ios").asLong());
        assertThat(run.totals().writes()).isEqualTo(entry.path("write").path("total_ios").asLong());
        assertThat(r.job().workload().rw().reads()).isTrue(); // fio lists the writer's options (rw=write) for the group
        assertThat(r.job().workload().rw().writes()).isTrue();
        long ops = run.totals().ops();
        assertThat(r.job().workload().mixReadPercent()).isEqualTo((int) Math.round(100.0 * run.totals().reads() / ops));
        assertThat(run.outcome().warnings()).anySatisfy(w -> assertThat(w).contains("holds different jobs"))
                .anySatisfy(w -> assertThat(w).contains("IOPS is fio's sum"));
        assertThat(run.latencies().read().count()).isEqualTo(entry.path("read").path("clat_ns").path("N").asLong());
    }

    @Test
    void bsrangeWithEqualEndsIsThatBlockSize() throws IOException {
        JsonNode doc = fixture("fio-bsrange-16k.json");
        JsonNode entry = doc.path("jobs").get(0);
        BenchmarkResult r = FioImport.read(doc).results().getFirst();

        assertThat(entry.path("job options").path("bsrange").asText()).isEqualTo("16k-16k");
        assertThat(r.job().workload().blockSize()).isEqualTo(16384)
                .isEqualTo(entry.path("read").path("io_bytes").asLong() / entry.path("read").path("total_ios").asLong());
        assertThat(r.runs().getFirst().outcome().warnings()).isEmpty();
        assertThat(r.runs().getFirst().totals().iops()).isCloseTo(entry.path("read").path("iops").asDouble(),
                withinPercentage(0.001));
    }

    @Test
    void percentilesLeftOutOfPercentileListAreAbsentNotZero() throws IOException {
        JsonNode doc = fixture("fio-percentile-list.json");
        JsonNode pct = doc.path("jobs").get(0).path("read").path("clat_ns").path("percentile");
        LatencySummary l = FioImport.read(doc).results().getFirst().runs().getFirst().latencies().read();

        assertThat(pct.size()).isEqualTo(2); // fio printed 50 and 99.5 only
        assertThat(l.p50Ns()).isEqualTo(pct.path("50.000000").asLong());
        assertThat(l.p90Ns()).isEqualTo(LatencySummary.ABSENT);
        assertThat(l.p99Ns()).isEqualTo(LatencySummary.ABSENT);
        assertThat(l.p999Ns()).isEqualTo(LatencySummary.ABSENT);
        assertThat(l.p9999Ns()).isEqualTo(LatencySummary.ABSENT);
        assertThat(l.maxNs()).isEqualTo(doc.path("jobs").get(0).path("read").path("clat_ns").path("max").asLong());
        assertThat(org.iobench.report.Units.latency(l.p90Ns())).isEqualTo("-");
    }

    @Test
    void nullAndCpuioJobsImportAsNonStorageWorkloadsKeptApartFromStorageOnes() throws IOException {
        JsonNode doc = fixture("fio-non-storage.json");
        var results = FioImport.read(doc).results();

        assertThat(results).extracting(b -> b.job().queue().engine()).containsExactly("null", "cpuio");
        for (BenchmarkResult b : results) {
            assertThat(b.job().storesData()).isFalse();
            assertThat(WorkloadKey.enginePart(b.job().queue().engine())).isEqualTo(b.job().queue().engine());
        }
        JsonNode nullRead = doc.path("jobs").get(0).path("read");
        assertThat(results.getFirst().job().workload().rw()).isEqualTo(RwMode.RANDREAD);
        assertThat(results.getFirst().runs().getFirst().totals().bytesRead())
                .isEqualTo(nullRead.path("io_bytes").asLong());
        assertThat(results.getFirst().runs().getFirst().totals().iops()).isCloseTo(nullRead.path("iops").asDouble(),
                withinPercentage(0.001));
    }

    @Test
    void aRandtrimJobThatFailedOnAFileImportsIncompleteBetweenTheOtherJobsOfTheFile() throws IOException {
        JsonNode doc = fixture("fio-randtrim.json");
        FioImported imported = FioImport.read(doc);

        assertThat(imported.skipped()).isEmpty();
        assertThat(imported.results()).extracting(b -> b.job().name()).containsExactly("writer", "trimmer", "reader");
        RunResult trimmer = imported.results().get(1).runs().getFirst();
        assertThat(trimmer.complete()).as("fio's ENOTTY (error 25)").isFalse();
        assertThat(trimmer.totals().trims()).isEqualTo(doc.path("jobs").get(1).path("trim").path("total_ios").asLong());
        JsonNode reader = doc.path("jobs").get(2).path("read");
        assertThat(imported.results().get(2).runs().getFirst().totals().bytesRead())
                .isEqualTo(reader.path("io_bytes").asLong());
    }

    @Test
    void fiosNoteAndMessageLinesBeforeTheDocumentAreDropped() throws IOException {
        for (String name : new String[] {"fio-notes-before-json.json", "fio-warning-lines-before-json.json"}) {
            String text;
            try (InputStream in = getClass().getResourceAsStream("/store/fio/" + name)) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertThat(text).doesNotStartWith("{");
            JsonNode doc = JsonReportReader.tree(FioCapturedOutput.withoutLeadingMessages(text));
            assertThat(FioImport.read(doc).results()).singleElement()
                    .satisfies(b -> assertThat(b.runs().getFirst().totals().bytesRead()).isEqualTo(4L << 20));
        }
    }

    @Test
    void otherTextBeforeTheDocumentIsLeftForTheJsonParserToRefuse() {
        String garbage = "hello\n{\"fio version\": \"x\"}";
        assertThat(FioCapturedOutput.withoutLeadingMessages(garbage)).isEqualTo(garbage);
        assertThat(FioCapturedOutput.withoutLeadingMessages("{}")).isEqualTo("{}");
    }
}
