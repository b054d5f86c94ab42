package org.iobench.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each rule meets its situation for real (and a counter-situation where it must stay silent), on an ext4 filesystem
 * of its own loop device so the device counters hold only the test's I/O.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdvisorTest {
    @TempDir
    static Path dir;
    static LoopFilesystem fs;

    @BeforeAll
    static void mount() throws IOException {
        if (!LoopFilesystem.canCreate()) {
            System.out.println("SKIPPED AdvisorTest: needs root for a loop-mounted ext4 filesystem");
            return;
        }
        fs = LoopFilesystem.create(dir, 256L << 20);
    }

    @AfterAll
    static void unmount() throws IOException {
        if (fs != null) {
            fs.close();
        }
    }

    private static Path file(String name) {
        assumeTrue(fs != null, "needs root for a loop-mounted ext4 filesystem");
        return fs.mount.resolve(name);
    }

    private static BenchmarkResult run(JobSpec spec) throws IOException {
        return Advisor.standard().advise(Benchmark.system(100).execute(spec, new RunControl(), RunListener.NONE));
    }

    private static List<String> ids(BenchmarkResult b) {
        return b.findings().stream().map(Finding::id).toList();
    }

    private static Path keptFile(String name, long size) throws IOException {
        Path f = file(name);
        run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(1 << 20).sizeBytes(size).sync(SyncMode.FDATASYNC)
                .keep(true).build());
        return f;
    }

    @Test
    void smallBufferedOverwritesOfAnUncachedFileAreReadModifyWrite() throws IOException {
        Path f = keptFile("rmw", 16 << 20);
        BenchmarkResult small = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(512).sizeBytes(4 << 20)
                .allowOverwrite(true).dropCache(true).build());
        assertThat(ids(small)).contains("read-modify-write");
        Finding rmw = small.findings().stream().filter(x -> x.id().equals("read-modify-write")).findFirst()
                .orElseThrow();
        assertThat(rmw.evidence()).contains("--bs 512");
        assertThat(rmw.fix()).contains("--bs");

        BenchmarkResult big = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(1 << 20).sizeBytes(16 << 20)
                .allowOverwrite(true).dropCache(true).build());
        assertThat(ids(big)).doesNotContain("read-modify-write");
    }

    @Test
    void readsOfACachedFileAreThePageCachesNotTheDevices() throws IOException {
        Path f = keptFile("cached", 32 << 20);
        BenchmarkResult cached = run(JobSpec.builder(f).rw(RwMode.READ).blockSize(1 << 20).build());
        assertThat(ids(cached)).contains("page-cache");

        BenchmarkResult cold = run(JobSpec.builder(f).rw(RwMode.READ).blockSize(1 << 20).dropCache(true).build());
        assertThat(ids(cold)).doesNotContain("page-cache");
    }

    @Test
    @Order(1) // first: in a JVM that has dirtied a lot already, the kernel may start writeback at once
    void bufferedWritesWithoutSyncMeasureTheCache() throws IOException {
        BenchmarkResult unsynced = run(JobSpec.builder(file("u1")).rw(RwMode.WRITE).blockSize(1 << 20)
                .sizeBytes(32 << 20).build());
        assertThat(ids(unsynced)).as(unsynced.runs().getFirst().systemSummary().toString())
                .contains("unsynced-writes");

        BenchmarkResult synced = run(JobSpec.builder(file("u2")).rw(RwMode.WRITE).blockSize(1 << 20)
                .sizeBytes(32 << 20).sync(SyncMode.FDATASYNC).build());
        assertThat(ids(synced)).doesNotContain("unsynced-writes");
    }

    @Test
    void oneDirectRequestAtATimeDoesNotSaturateTheDevice() throws IOException {
        Path f = keptFile("sat", 32 << 20);
        BenchmarkResult single = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).direct(true)
                .timeNanos(500_000_000L).build());
        assertThat(ids(single)).contains("not-saturated");

        BenchmarkResult buffered = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096)
                .timeNanos(300_000_000L).build());
        assertThat(ids(buffered)).doesNotContain("not-saturated");
    }

    @Test
    void aColdFirstRunAmongCachedOnesIsNoisy() throws IOException {
        Path f = keptFile("noisy", 64 << 20);
        JobSpec evict = JobSpec.builder(f).rw(RwMode.READ).blockSize(1 << 20).dropCache(true).build();
        run(evict);
        run(evict); // leaves the file uncached: the next job's first run reads from the device, the others don't
        // evict once more right before the series, then let the runs warm it
        try (var t = org.iobench.workload.target.TargetPreparer.system().prepare(evict)) {
            t.beforeRun(evict, 1);
        }
        BenchmarkResult noisy = run(JobSpec.builder(f).rw(RwMode.READ).blockSize(1 << 20).runs(3).build());
        assertThat(ids(noisy)).contains("noisy");

        BenchmarkResult one = run(JobSpec.builder(f).rw(RwMode.READ).blockSize(1 << 20).runs(1).build());
        assertThat(ids(one)).doesNotContain("noisy");
    }

    @Test
    void cachedRandomReadsAreCpuBoundAndDirectOnesAreNot() throws IOException {
        Path f = keptFile("cpu", 32 << 20);
        BenchmarkResult cached = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096)
                .timeNanos(1_000_000_000L).build());
        assertThat(ids(cached)).as(cached.runs().getFirst().systemSummary().toString()).contains("cpu-bound");

        BenchmarkResult direct = run(JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).direct(true)
                .timeNanos(500_000_000L).build());
        assertThat(ids(direct)).doesNotContain("cpu-bound");
    }

    @Test
    void directIoOnTmpfsIsNotHonoured() throws IOException {
        assumeTrue(fs != null, "needs root to mount a tmpfs");
        Path tmpfs = Files.createDirectories(dir.resolve("tmpfs"));
        LoopFilesystem.sh("mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", tmpfs.toString());
        try {
            BenchmarkResult onTmpfs = run(JobSpec.builder(tmpfs.resolve("f")).rw(RwMode.WRITE).blockSize(4096)
                    .sizeBytes(1 << 20).direct(true).build());
            assertThat(ids(onTmpfs)).contains("direct-not-honoured");
        } finally {
            LoopFilesystem.sh("umount", tmpfs.toString());
        }
        BenchmarkResult onExt4 = run(JobSpec.builder(file("dx")).rw(RwMode.WRITE).blockSize(4096)
                .sizeBytes(1 << 20).direct(true).build());
        assertThat(ids(onExt4)).doesNotContain("direct-not-honoured");
    }

    @Test
    void bytesWrittenBehindIobenchsBackShowAsAnAccountingMismatch() throws Exception {
        Path f = keptFile("acct", 16 << 20);
        JobSpec read = JobSpec.builder(f).rw(RwMode.READ).blockSize(1 << 20).timeNanos(700_000_000L).build();
        CompletableFuture<BenchmarkResult> future = CompletableFuture.supplyAsync(() -> {
            try {
                return run(read);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        Thread.sleep(200);
        try (OutputStream out = Files.newOutputStream(dir.resolve("elsewhere"))) {
            out.write(new byte[8 << 20]);
        }
        assertThat(ids(future.get())).contains("accounting-mismatch");

        assertThat(ids(run(read))).doesNotContain("accounting-mismatch");
    }
}
