package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep, a job file with a parallel group and the named suites, end to end on small sizes. */
class MatrixCliTest {
    @TempDir
    Path dir;

    private static String fixture(String name) throws IOException {
        try (InputStream in = MatrixCliTest.class.getResourceAsStream("/jobfiles/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The fixture with its relative files placed in the test's directory. */
    private Path jobFile(String name) throws IOException {
        return Files.writeString(dir.resolve(name), "[global]\ndirectory=" + dir + "\n" + fixture(name));
    }

    @Test
    void aBlockSizeSweepRunsEveryPointAndStoresThemAsOneSeries() throws Exception {
        InProcessMain.Result r = InProcessMain.run("run", "--rw", "randread", "--bs", "4k..16k", "--size", "256k", "--runs",
                "2", "--sample-interval", "0", "--format", "json", dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode benchmarks = new ObjectMapper().readTree(r.out()).path("benchmarks");
        assertThat(benchmarks).hasSize(3);
        List<String> names = new ArrayList<>();
        for (JsonNode b : benchmarks) {
            assertThat(b.path("job").path("series").asText()).isEqualTo("randread bs=4k..16k");
            assertThat(b.path("runs")).hasSize(2);
            assertThat(b.path("runs").get(0).path("totals").path("readBytes").asLong()).isEqualTo(256 << 10);
            names.add(b.path("job").path("name").asText());
        }
        assertThat(names).containsExactly("4KiB", "8KiB", "16KiB");
    }

    @Test
    void theSweepTableHasBlockSizesAsRowsAndMinAvgMaxAsColumns() {
        InProcessMain.Result r = InProcessMain.run("run", "--rw", "write", "--bs", "4k,64k", "--size", "256k", "--runs", "3",
                "--sample-interval", "0", dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("sweep write bs=4k,64k (3 runs per point)");
        assertThat(lines.get(2)).matches("bsize\\s+min\\s+avg\\s+max\\s+IOPS\\s+p99");
        assertThat(lines.get(3)).startsWith("4KiB ");
        assertThat(lines.get(4)).startsWith("64KiB ");
    }

    @Test
    void aJobFileRunsItsParallelWritersTogetherThenTheReader() throws Exception {
        Path file = jobFile("two-writers.fio");
        InProcessMain.Result r = InProcessMain.run("run", "--sample-interval", "0", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("group g0 (2 jobs in parallel, started together)")
                .containsPattern("writer1 +write 64KiB")
                .containsPattern("per job: (2x[0-9.]+|[0-9.]+/[0-9.]+) MB/s; aggregate: [0-9.]+ MB/s")
                .contains("reader: read, bs 64KiB");
        assertThat(dir.resolve("w1.dat")).as("files iobench created are removed").doesNotExist();
        InProcessMain.Result json = InProcessMain.run("run", "--sample-interval", "0", "--format", "json", file.toString());
        JsonNode benchmarks = new ObjectMapper().readTree(json.out()).path("benchmarks");
        assertThat(benchmarks).hasSize(3);
        assertThat(benchmarks.get(0).path("job").path("group").asText()).isEqualTo("g0");
        assertThat(benchmarks.get(1).path("runs").get(0).path("totals").path("writeBytes").asLong())
                .isEqualTo(1 << 20);
        JsonNode group = new ObjectMapper().readTree(json.out()).path("groups").get(0);
        assertThat(group.path("group").asText()).isEqualTo("g0");
        assertThat(group.path("jobs")).hasSize(2);
        assertThat(group.path("perJob").asText()).matches("2x[0-9.]+|[0-9.]+/[0-9.]+");
        assertThat(group.path("aggregateBytesPerSecond").asDouble()).isPositive();
    }

    @Test
    void aJobFileInTheLayoutOfFiosTiobenchExampleRunsUnchangedWithFiosClones() throws Exception {
        InProcessMain.Result r = InProcessMain.run("run", "--sample-interval", "0", "--format", "json",
                jobFile("tiobench-like.fio").toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode benchmarks = new ObjectMapper().readTree(r.out()).path("benchmarks");
        assertThat(benchmarks).as("4 jobs of numjobs=2: 8 clones, as fio runs them").hasSize(8);
        for (JsonNode b : benchmarks) {
            assertThat(b.path("job").path("threads").asInt()).isEqualTo(1);
            assertThat(b.path("runs").get(0).path("totals").path("totalBytes").asLong()).as("each clone its 2 MiB")
                    .isEqualTo(2 << 20);
        }
        assertThat(benchmarks.get(1).path("target").path("path").asText()).isEqualTo(dir.resolve("f1.1.0")
                .toString());
        assertThat(dir.resolve("f1.1.0")).as("files iobench created are removed").doesNotExist();
    }

    @Test
    void anUnsupportedJobFileOptionIsOneLineNamingFileAndLine() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.fio"), "[j]\nrw=read\nlockfile=exclusive\n");
        InProcessMain.Result r = InProcessMain.run("run", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: " + file + ":3: lockfile=exclusive: not supported by iobench"
                + " (--lenient ignores options that change only what is reported and skips the jobs whose I/O the"
                + " others would change)\n");
        InProcessMain.Result missing = InProcessMain.run("run", dir.resolve("typo.fio").toString());
        assertThat(missing.err()).isEqualTo("iobench: " + dir.resolve("typo.fio") + ": no such job file\n");
        assertThat(dir.resolve("typo.fio")).doesNotExist();
        InProcessMain.Result withBs = InProcessMain.run("run", "--bs", "4k", file.toString());
        assertThat(withBs.err()).contains("--bs: not used with a job file");
    }

    @Test
    void aCopyJobFromTheCommandLineCopiesTheSourceAndReportsBothSides() throws Exception {
        byte[] data = new byte[300_001];
        new java.util.Random(3).nextBytes(data);
        Path source = Files.write(dir.resolve("share.dat"), data);
        Path target = dir.resolve("local.dat");
        InProcessMain.Result r = InProcessMain.run("run", "--rw", "copy", "--source", source.toString(), "--bs", "64k",
                "--keep", "--sample-interval", "0", target.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("run 1: 300001 bytes read + 300001 bytes written");
        assertThat(Files.readAllBytes(target)).isEqualTo(data);
        InProcessMain.Result noSource = InProcessMain.run("run", "--rw", "copy", target.toString());
        assertThat(noSource.err()).isEqualTo("iobench: --source (none): a copy job needs --source PATH\n");
    }

    @Test
    void theKernelDdSuitePrintsOneRowPerTestWithTheNxRForm() {
        InProcessMain.Result r = InProcessMain.run("suite", "kernel-dd", dir.toString(), "--size", "3m",
                "--sample-interval", "0");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().skip(2).limit(6).toList();
        assertThat(rows).extracting(l -> l.split(" +")[0])
                .containsExactly("dd1", "dd1-dir", "dd2", "dd2-dir", "dd3", "dd3-dir");
        assertThat(rows.get(2).split(" +")[1]).matches("2x[0-9.]+|[0-9.]+/[0-9.]+");
        assertThat(rows.get(4).split(" +")[1]).matches("3x[0-9.]+|[0-9.]+/[0-9.]+/[0-9.]+");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void theCrystalSuiteFillsTheCrystalDiskMarkLayoutAndCleansUp() {
        InProcessMain.Result r = InProcessMain.run("suite", "crystal", dir.toString(), "--size", "8m", "--time", "200ms",
                "--sample-interval", "0");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("SEQ1M Q8T1 +[0-9.]+ +[0-9.]+")
                .containsPattern("RND4K Q1T1 +[0-9.]+ +[0-9.]+");
        assertThat(dir).isEmptyDirectory();
        InProcessMain.Result unknown = InProcessMain.run("suite", "atto", dir.toString());
        assertThat(unknown.err()).isEqualTo("iobench: suite 'atto': unknown (known: quick, crystal, kernel-dd)\n");
    }
}
