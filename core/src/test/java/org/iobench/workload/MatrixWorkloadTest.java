package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.Accounting;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real I/O for the matrix workloads: parallel groups, copies, and exact sizes with a short last block. */
class MatrixWorkloadTest {
    @TempDir
    Path dir;

    private static Benchmark quiet() {
        return Benchmark.system(0);
    }

    private Path fileOf(String name, int bytes) throws IOException {
        byte[] data = new byte[bytes];
        new Random(bytes).nextBytes(data);
        return Files.write(dir.resolve(name), data);
    }

    @Test
    @Timeout(30)
    void twoWritersInAGroupStartTogetherAndEachWritesItsOwnFile() throws IOException {
        JobSpec.Builder w = JobSpec.builder(dir.resolve("a")).rw(RwMode.WRITE).blockSize(64 << 10)
                .sizeBytes(4 << 20).sync(SyncMode.FDATASYNC).group("dd2").runs(2).keep(true);
        List<JobSpec> jobs = List.of(w.name("dd2.1").build(), w.name("dd2.2").target(dir.resolve("b")).build());
        List<BenchmarkResult> results = new GroupRunner(MatrixWorkloadTest::quiet)
                .execute(jobs, new RunControl(), RunListener.NONE);
        assertThat(results).extracting(b -> b.job().name()).containsExactly("dd2.1", "dd2.2");
        for (BenchmarkResult b : results) {
            assertThat(b.complete()).isTrue();
            assertThat(b.runs()).hasSize(2);
            assertThat(b.runs()).extracting(r -> r.totals().bytesWritten()).containsOnly(4L << 20);
            Accounting a = b.runs().getFirst().evidence().accounting();
            assertThat(a.checked()).as("each job's own worker threads").isTrue();
            assertThat(a.mismatch()).as(a.note())
                    .isFalse();
        }
        for (int run = 0; run < 2; run++) {
            Instant a = Instant.parse(results.get(0).runs().get(run).startedAt());
            Instant b = Instant.parse(results.get(1).runs().get(run).startedAt());
            assertThat(Math.abs(a.toEpochMilli() - b.toEpochMilli())).as("run %d starts together", run + 1)
                    .isLessThan(200);
        }
        assertThat(Files.size(dir.resolve("a"))).isEqualTo(4 << 20);
        assertThat(Files.size(dir.resolve("b"))).isEqualTo(4 << 20);
    }

    @Test
    @Timeout(30)
    void aJobThatCannotStartAbortsItsGroupInsteadOfLeavingTheOthersWaiting() throws IOException {
        Path existing = fileOf("existing", 1 << 20);
        JobSpec ok = JobSpec.builder(dir.resolve("new")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20)
                .group("g").build();
        JobSpec refused = JobSpec.builder(existing).rw(RwMode.WRITE).blockSize(4096).group("g").build();
        assertThatThrownBy(() -> new GroupRunner(MatrixWorkloadTest::quiet)
                .execute(List.of(ok, refused), new RunControl(), RunListener.NONE))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("--allow-overwrite");
        assertThat(dir.resolve("new")).doesNotExist();
    }

    @Test
    void aCopyReadsTheSourceAndWritesTheTargetMeasuringBothSides() throws IOException {
        Path source = fileOf("src", 1_000_000);
        Path target = dir.resolve("dst");
        JobSpec copy = JobSpec.builder(target).rw(RwMode.COPY).source(source).blockSize(64 << 10).keep(true)
                .sizeBytes(1_000_000).exactSize(true).build();
        BenchmarkResult b = quiet().execute(copy, new RunControl(), RunListener.NONE);
        RunResult r = b.runs().getFirst();
        assertThat(b.complete()).isTrue();
        assertThat(r.totals().bytesRead()).isEqualTo(1_000_000);
        assertThat(r.totals().bytesWritten()).isEqualTo(1_000_000);
        assertThat(r.latencies().read().count()).isEqualTo(16);
        assertThat(r.latencies().write().count()).isEqualTo(16);
        assertThat(r.evidence().accounting().mismatch()).as(r.evidence().accounting().note()).isFalse();
        assertThat(Files.readAllBytes(target)).isEqualTo(Files.readAllBytes(source));
    }

    @Test
    void aCopyWithSkipAndSeekStopsAtTheEndOfTheSource() throws IOException {
        Path source = fileOf("src", 100_000);
        Path target = dir.resolve("dst");
        JobSpec copy = JobSpec.builder(target).rw(RwMode.COPY).source(source).sourceOffsetBytes(10_000)
                .offsetBytes(4096).blockSize(8192).keep(true).build();
        RunResult r = quiet().execute(copy, new RunControl(), RunListener.NONE).runs().getFirst();
        assertThat(r.totals().bytesWritten()).isEqualTo(90_000);
        byte[] src = Files.readAllBytes(source);
        byte[] dst = Files.readAllBytes(target);
        assertThat(dst).hasSize(4096 + 90_000);
        assertThat(java.util.Arrays.copyOfRange(dst, 4096, dst.length))
                .isEqualTo(java.util.Arrays.copyOfRange(src, 10_000, src.length));
    }

    @Test
    void anExactSizeReadEndsWithAShortRequestLikeDdsPartialRecord() throws IOException {
        Path f = fileOf("odd", 10_000);
        JobSpec read = JobSpec.builder(f).rw(RwMode.READ).blockSize(4096).exactSize(true).build();
        RunResult r = quiet().execute(read, new RunControl(), RunListener.NONE).runs().getFirst();
        assertThat(r.totals().bytesRead()).isEqualTo(10_000);
        assertThat(r.totals().reads()).isEqualTo(3);
    }

    @Test
    void aTruncatingWriteCutsTheExistingFileAtItsOffsetFirst() throws IOException {
        Path f = fileOf("old", 1 << 20);
        JobSpec write = JobSpec.builder(f).rw(RwMode.WRITE).blockSize(1000).offsetBytes(3000).sizeBytes(2500)
                .exactSize(true).truncate(true).allowOverwrite(true).build();
        RunResult r = quiet().execute(write, new RunControl(), RunListener.NONE).runs().getFirst();
        assertThat(r.totals().bytesWritten()).isEqualTo(2500);
        assertThat(r.totals().writes()).isEqualTo(3);
        assertThat(Files.size(f)).isEqualTo(5500);
    }
}
