package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.testing.ResultSchema;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** formatVersion 2: what changed from version 1, the schema in docs/, and version 1 files that keep importing. */
class JsonV2Test {
    /** Names of version 1 that version 2 no longer has anywhere. */
    private static final Set<String> VERSION_1_NAMES = Set.of("iops", "elapsedNanos", "syncNanos", "intervalNanos",
            "durationNanos", "rampNanos", "timeNanos", "bytesRead", "bytesWritten", "bytes", "blockSize",
            "intervalMillis", "awaitMillis", "freeKib", "blockInKibPerSecond", "user", "idle", "iowait",
            "kernelBytesRead", "appBytesWritten", "memAvailableKib", "windowMillis", "logicalBlockSize");

    @TempDir
    Path dir;

    private static JsonNode fixture(String name) throws IOException {
        try (InputStream in = JsonV2Test.class.getResourceAsStream(name)) {
            return JsonReportReader.tree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/report/fixtures/randrw-rate-verify-v1.json",
            "/report/fixtures/write-fdatasync-steady-v1.json", "/store/iobench/randread-v1-uppercase-enums.json"})
    void aVersion1FileImportsAndIsWrittenAsAValidVersion2DocumentThatReadsBackTheSame(String fixture)
            throws IOException {
        JsonNode v1 = fixture(fixture);
        assertThat(v1.path("formatVersion").asInt()).isEqualTo(1);
        List<BenchmarkResult> results = JsonReportReader.benchmarks(v1);
        String written = JsonReport.write(results, "test", Map.of());
        JsonNode v2 = ResultSchema.assertValid(written);
        assertThat(v2.path("formatVersion").asInt()).isEqualTo(2);
        assertThat(ResultSchema.keys(v2)).doesNotContainAnyElementsOf(VERSION_1_NAMES);
        assertThat(JsonReportReader.benchmarks(v2)).as("version 2 reads back into the same results")
                .usingRecursiveComparison().withComparatorForType(JsonV2Test::closeEnough, Double.class)
                .isEqualTo(results);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/report/fixtures/sweep-v1.json", "/report/fixtures/randrw-rate-verify-v1.json",
            "/report/fixtures/write-fdatasync-steady-v1.json", "/store/iobench/randread-v1-uppercase-enums.json"})
    void aReportReadsAVersion1FileInVersion2sNames(String fixture) throws IOException {
        List<JsonNode> trees = JsonReportReader.benchmarkTrees(fixture(fixture));
        assertThat(trees).isNotEmpty();
        trees.forEach(t -> assertThat(ResultSchema.keys(t)).doesNotContainAnyElementsOf(VERSION_1_NAMES));
        assertThat(trees.getFirst().path("summary").path("opsPerSecond").path("mean").isNumber()).isTrue();
    }

    /** Milliseconds of the system monitor become nanoseconds and back: equal to the last few bits. */
    private static int closeEnough(Double a, Double b) {
        if (a.equals(b) || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b))) {
            return 0;
        }
        return a.compareTo(b);
    }

    @Test
    void undefinedNumbersAreNullSoAFilterOnThemIsFalseNotSilentlyTrue() throws IOException {
        JsonNode v2 = JsonReportReader.tree(JsonReport.write(JsonReportReader.benchmarks(
                fixture("/store/iobench/randread-v1-uppercase-enums.json")).subList(0, 1), "test", Map.of()));
        JsonNode cv = v2.path("benchmarks").get(0).path("summary").path("opsPerSecond").path("cv");
        JsonNode fixtureCv = fixture("/store/iobench/randread-v1-uppercase-enums.json").path("benchmarks").get(0)
                .path("summary").path("iops").path("cv");
        if (fixtureCv.isTextual()) {
            assertThat(fixtureCv.asText()).isEqualTo("NaN"); // version 1: a string, which jq compares as > 0.05
            assertThat(cv.isNull()).isTrue();
        }
    }

    @Test
    void cpuTimeIsInSecondsAndTheMonitorsUnitsAreIobenchsOwn() throws IOException {
        JsonNode v1 = fixture("/report/fixtures/randrw-rate-verify-v1.json");
        JsonNode v2 = JsonV2.upgrade(v1);
        JsonNode s1 = v1.path("benchmarks").get(0).path("runs").get(0).path("system").path("samples").get(0);
        JsonNode s2 = v2.path("benchmarks").get(0).path("runs").get(0).path("system").path("samples").get(0);
        assertThat(s2.path("cpu").path("userSeconds").asDouble()).isEqualTo(s1.path("cpu").path("user").asLong() / 100.0);
        assertThat(s2.path("intervalNs").asDouble()).isEqualTo(s1.path("intervalMillis").asDouble() * 1e6);
        assertThat(s2.path("freeBytes").asLong()).isEqualTo(s1.path("freeKib").asLong() * 1024);
        JsonNode run = v2.path("benchmarks").get(0).path("runs").get(0);
        assertThat(run.path("intervalNs").asLong()).isEqualTo(1_000_000_000L);
        assertThat(run.path("totals").path("elapsedNs").asLong()).isPositive();
        assertThat(run.path("evidence").path("readBytes").isNumber()).as("the kernel's own names stay").isTrue();
        JsonNode back = JsonV2.downgrade(v2).path("benchmarks").get(0).path("runs").get(0);
        assertThat(back.path("system").path("samples").get(0).path("cpu").toString())
                .isEqualTo(s1.path("cpu").toString()); // ticks again, exactly
        assertThat(back.path("intervalNanos").asLong()).isEqualTo(1_000_000_000L);
    }

    @Test
    void aMixedJobHasItsReadWriteAndAllRequestsLatencyAtTheTop() throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("f")).rw(RwMode.RANDRW).blockSize(4096).sizeBytes(2 << 20)
                .runs(2).build();
        BenchmarkResult b = Benchmark.system(0).execute(spec, new RunControl(), RunListener.NONE);
        JsonNode doc = ResultSchema.assertValid(JsonReport.write(List.of(b), "test", Map.of()));
        JsonNode bench = doc.path("benchmarks").get(0);
        JsonNode run = bench.path("runs").get(0);
        assertThat(run.path("allLatency").path("count").asLong()).isEqualTo(run.path("totals").path("ops").asLong())
                .isEqualTo(run.path("readLatency").path("count").asLong() + run.path("writeLatency").path("count")
                        .asLong());
        JsonNode summary = bench.path("summary");
        assertThat(summary.path("p99ReadLatencyNs").path("n").asInt()).isEqualTo(2);
        assertThat(summary.path("p99WriteLatencyNs").path("n").asInt()).isEqualTo(2);
        double allMean = (bench.path("runs").get(0).path("allLatency").path("p99Ns").asDouble()
                + bench.path("runs").get(1).path("allLatency").path("p99Ns").asDouble()) / 2;
        assertThat(summary.path("p99LatencyNs").path("mean").asDouble()).as("all requests, not the larger side")
                .isEqualTo(allMean);
        assertThat(JsonReportReader.benchmarks(doc).getFirst().runs().getFirst().latencies().all())
                .isEqualTo(b.runs().getFirst().latencies().all());
    }
}
