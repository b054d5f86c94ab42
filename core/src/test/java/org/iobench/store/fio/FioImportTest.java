package org.iobench.store.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.report.JsonReportReader;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.junit.jupiter.api.Test;

/** fio output recorded on this machine (see src/test/resources/store/fio/README.md) read as iobench results. */
class FioImportTest {

    static JsonNode fixture(String name) throws IOException {
        try (InputStream in = FioImportTest.class.getResourceAsStream("/store/fio/" + name)) {
            return JsonReportReader.tree(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @Test
    void twoJobsWithGlobalAndJobOptionsBecomeTwoResultsWithFiosBandwidth() throws IOException {
        JsonNode doc = fixture("fio-two-jobs.json");
        List<BenchmarkResult> r = FioImport.read(doc).results();

        assertThat(r).hasSize(2);
        BenchmarkResult rr = r.get(0);
        assertThat(rr.job().name()).isEqualTo("rr4k");
        assertThat(rr.job().workload().rw()).isEqualTo(RwMode.RANDREAD);
        assertThat(rr.job().workload().blockSize()).isEqualTo(4096);
        assertThat(rr.job().queue().threads()).isEqualTo(2);
        assertThat(rr.job().queue().iodepth()).isEqualTo(4);
        assertThat(rr.job().durability().direct()).isTrue(); // from the global options
        assertThat(rr.job().queue().engine()).isEqualTo("libaio");
        RunResult run = rr.runs().getFirst();
        JsonNode read = doc.path("jobs").get(0).path("read");
        assertThat(run.totals().bytesRead()).isEqualTo(read.path("io_bytes").asLong());
        assertThat(run.totals().reads()).isEqualTo(read.path("total_ios").asLong());
        assertThat(run.totals().bytesPerSecond()).isCloseTo(read.path("bw_bytes").asDouble(), withinPercentage(0.0001));
        assertThat(run.latencies().read().p99Ns()).isEqualTo(read.path("clat_ns").path("percentile").path("99.000000")
                .asLong());
        assertThat(run.latencies().write().count()).isZero();
        assertThat(run.complete()).isTrue();

        BenchmarkResult w = r.get(1);
        assertThat(w.job().workload().rw()).isEqualTo(RwMode.WRITE);
        assertThat(w.job().workload().blockSize()).isEqualTo(65536);
        assertThat(w.job().durability().direct()).isFalse(); // the job's direct=0 overrides the global direct=1
        assertThat(w.job().durability().sync()).isEqualTo(SyncMode.FSYNC); // end_fsync=1
        assertThat(w.job().queue().engine()).isEqualTo("psync");
        assertThat(w.target().path()).isEqualTo("/tmp/fiofx/seqwrite");
    }

    @Test
    void jsonPlusMixedJobKeepsTheReadShareAndBothLatencies() throws IOException {
        BenchmarkResult r = FioImport.read(fixture("fio-randrw-jsonplus.json")).results().getFirst();

        assertThat(r.job().workload().rw()).isEqualTo(RwMode.RANDRW);
        assertThat(r.job().workload().mixReadPercent()).isEqualTo(70);
        assertThat(r.job().queue().engine()).isEqualTo("io_uring");
        assertThat(r.job().queue().iodepth()).isEqualTo(8);
        RunResult run = r.runs().getFirst();
        assertThat(run.totals().bytes()).isEqualTo(4L << 20);
        assertThat(run.latencies().read().count()).isEqualTo(run.totals().reads());
        assertThat(run.latencies().write().count()).isEqualTo(run.totals().writes());
        assertThat(run.latencies().read().p50Ns()).isPositive().isLessThanOrEqualTo(run.latencies().read().p99Ns());
    }

    @Test
    void numjobsClonesWithoutGroupReportingAreSummedAndTheirBinsMerged() throws IOException {
        JsonNode doc = fixture("fio-numjobs2-jsonplus.json");
        BenchmarkResult r = FioImport.read(doc).results().getFirst();

        assertThat(r.job().queue().threads()).isEqualTo(2);
        assertThat(r.job().durability().fsyncEvery()).isEqualTo(16);
        RunResult run = r.runs().getFirst();
        JsonNode a = doc.path("jobs").get(0).path("write");
        JsonNode b = doc.path("jobs").get(1).path("write");
        assertThat(run.totals().bytesWritten()).isEqualTo(a.path("io_bytes").asLong() + b.path("io_bytes").asLong());
        assertThat(run.totals().bytesPerSecond())
                .isCloseTo(a.path("bw_bytes").asDouble() + b.path("bw_bytes").asDouble(), withinPercentage(0.0001));
        assertThat(run.latencies().write().count())
                .isEqualTo(a.path("clat_ns").path("N").asLong() + b.path("clat_ns").path("N").asLong());
        assertThat(run.latencies().write().p999Ns()).isLessThanOrEqualTo(run.latencies().write().maxNs());
        assertThat(run.outcome().warnings()).singleElement().asString().contains("summed");
    }

    @Test
    void aCommandLineJobWithoutGlobalOptionsUsesFiosDefaults() throws IOException {
        BenchmarkResult r = FioImport.read(fixture("fio-cmdline.json")).results().getFirst();

        assertThat(r.job().workload().rw()).isEqualTo(RwMode.READ);
        assertThat(r.job().workload().blockSize()).isEqualTo(1 << 20);
        assertThat(r.job().queue().engine()).isEqualTo("psync");
        assertThat(r.target().path()).isEqualTo("/tmp/fiofx/clifile");
    }

    @Test
    void aJobWithAnAccessPatternIobenchLacksIsSkippedByName() throws IOException {
        var doc = (com.fasterxml.jackson.databind.node.ObjectNode) fixture("fio-cmdline.json");
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.path("jobs").get(0).path("job options"))
                .put("rw", "zonedrandread"); // not a pattern fio has either: only such a value has no iobench mapping
        FioImported imported = FioImport.read(doc);
        assertThat(imported.results()).isEmpty();
        assertThat(imported.skipped()).singleElement().asString().contains("cli-read").contains("rw=zonedrandread");
    }
}
