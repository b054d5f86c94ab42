package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.job.DataPattern;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.testing.DiskDirs;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real jobs on real temp files: what the kernel saw must be what iobench reports. */
class BenchmarkTest {
    @TempDir
    Path dir;

    private static BenchmarkResult run(JobSpec spec) throws IOException {
        return Benchmark.system().execute(spec, new RunControl(), RunListener.NONE);
    }

    /** A run on a clock of its own, which never sleeps ({@link TickingClock}). */
    private static BenchmarkResult run(JobSpec spec, TickingClock clock, RunListener listener) throws IOException {
        return new Benchmark(TargetPreparer.system(), clock, Benchmark.DEFAULT_INTERVAL_NANOS, 0)
                .execute(spec, new RunControl(), listener);
    }

    @Test
    void aSequentialWriteMovesExactlyTheBytesAskedAndTheKernelAgrees() throws IOException {
        Path f = dir.resolve("w");
        BenchmarkResult b = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(64 << 10).sizeBytes(8 << 20).build());
        RunResult r = b.runs().getFirst();
        assertThat(b.complete()).isTrue();
        assertThat(r.totals().bytesWritten()).isEqualTo(8 << 20);
        assertThat(r.totals().writes()).isEqualTo(128);
        assertThat(r.latencies().write().count()).isEqualTo(128);
        assertThat(r.evidence().accounting().checked()).isTrue();
        assertThat(r.evidence().accounting().mismatch()).as(r.evidence().accounting().note()).isFalse();
        assertThat(r.evidence().accounting().kernelBytesWritten()).isBetween(8L << 20, (8L << 20) + 65536);
        assertThat(f).as("scratch file removed").doesNotExist();
    }

    @Test
    void keptFilesHoldTheWrittenPatternInEveryWorkersRegion() throws IOException {
        Path f = dir.resolve("k");
        run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20).threads(4)
                .pattern(DataPattern.RANDOM).keep(true).build());
        byte[] data = Files.readAllBytes(f);
        assertThat(data).hasSize(1 << 20);
        for (int region = 0; region < 4; region++) {
            int from = region * (1 << 18);
            int nonZero = 0;
            for (int i = from; i < from + 4096; i++) {
                nonZero += data[i] != 0 ? 1 : 0;
            }
            assertThat(nonZero).as("region %d written with random data", region).isGreaterThan(3000);
        }
    }

    @Test
    void aReadOfANewFileFillsItFirstAndReadsItAll() throws IOException {
        BenchmarkResult b = run(JobSpec.builder(dir.resolve("r")).rw(RwMode.READ).blockSize(1 << 20)
                .sizeBytes(16 << 20).build());
        RunResult r = b.runs().getFirst();
        assertThat(r.totals().bytesRead()).isEqualTo(16 << 20);
        assertThat(r.totals().bytesWritten()).isZero();
        assertThat(b.target().created()).isTrue();
        assertThat(r.evidence().accounting().mismatch()).as(r.evidence().accounting().note()).isFalse();
    }

    @Test
    void theFinalFdatasyncIsInsideTheTimeAndReportedApart() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("s")).rw(RwMode.WRITE).blockSize(1 << 20).sizeBytes(32 << 20)
                .sync(SyncMode.FDATASYNC).build()).runs().getFirst();
        assertThat(r.totals().syncs()).isEqualTo(1);
        assertThat(r.totals().syncNanos()).isPositive();
        assertThat(r.totals().elapsedNanos()).isGreaterThan(r.totals().syncNanos());
        assertThat(r.latencies().sync().count()).isEqualTo(1);
    }

    @Test
    void fsyncEveryNWritesIssuesASyncBeforeEachFurtherWriteAsFio() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("p")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(64 * 4096)
                .fsyncEvery(16).build()).runs().getFirst();
        // fio issues the sync as it fetches the request after the 16th write: none after the last
        assertThat(r.totals().syncs()).isEqualTo(3);
    }

    @Test
    void repeatedRunsAreSummarisedAsMinAvgMax() throws IOException {
        BenchmarkResult b = run(JobSpec.builder(dir.resolve("m")).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(4 << 20).runs(3).build());
        assertThat(b.runs()).hasSize(3);
        assertThat(b.summary().bytesPerSecond().n()).isEqualTo(3);
        assertThat(b.summary().bytesPerSecond().min()).isLessThanOrEqualTo(b.summary().bytesPerSecond().mean());
        assertThat(b.summary().bytesPerSecond().max()).isGreaterThanOrEqualTo(b.summary().bytesPerSecond().mean());
        assertThat(b.summary().bytesPerSecond().cv()).isNotNaN();
    }

    @Test
    void aTimeBasedJobStopsAtItsDeadlineAndKeepsAPerSecondSeries() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("t")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(8 << 20)
                .timeNanos(1_200_000_000L).build(), TickingClock.standard(), RunListener.NONE).runs().getFirst();
        // sizeBytes was given, so the first of size and time ends the job: here the size (2048 requests of a few
        // 10 us steps each are far less than 1.2 s of the run's clock)
        assertThat(r.totals().reads()).isEqualTo(2048);
        assertThat(r.totals().elapsedNanos()).isLessThan(1_200_000_000L);
        RunResult timed = run(JobSpec.builder(dir.resolve("t2")).rw(RwMode.RANDREAD).blockSize(4096)
                .timeNanos(1_200_000_000L).sizeBytes(0).build(), new TickingClock(400_000), RunListener.NONE)
                .runs().getFirst(); // 400 us a reading: about a thousand requests
        // the deadline ends it: never before, and on this clock after it only by the steps of the last request
        assertThat(timed.totals().elapsedSeconds()).isGreaterThanOrEqualTo(1.2).isLessThan(1.21);
        // 1.2 s: the 0.2 s after the first second is shorter than half an interval, so it is folded into it
        assertThat(timed.intervals().series()).hasSize(1);
        assertThat(timed.intervals().series().getFirst().durationNanos()).isEqualTo(timed.totals().elapsedNanos());
        assertThat(timed.intervals().series().stream().mapToLong(i -> i.reads()).sum())
                .isEqualTo(timed.totals().reads());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"psync", "uring"})
    void submissionAndCompletionLatencyAreSplitAsFioDoes(String engine) throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("split-" + engine)).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(2 << 20).engine(engine).iodepth(engine.equals("uring") ? 8 : 1).build();
        RunResult r;
        try {
            r = run(spec).runs().getFirst();
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("io_uring unavailable here: " + e.getMessage());
            return;
        }
        assertThat(r.latencies().split()).isNotNull();
        assertThat(r.latencies().split().submission().count()).isEqualTo(r.totals().reads());
        assertThat(r.latencies().split().completion().count()).isEqualTo(r.totals().reads());
        assertThat(r.latencies().split().completion().maxNs()).isLessThanOrEqualTo(r.latencies().read().maxNs() + 1000);
        if (engine.equals("psync")) {
            assertThat(r.latencies().split().submission().p99Ns()).as("psync: the submission is the call").isLessThan(
                    r.latencies().read().p99Ns());
        }
    }

    @Test
    void aMixedJobReadsAboutTheShareAsked() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("x")).rw(RwMode.RANDRW).mixReadPercent(70).blockSize(4096)
                .sizeBytes(16 << 20).build()).runs().getFirst();
        double share = (double) r.totals().reads() / r.totals().ops();
        assertThat(r.totals().ops()).isEqualTo(4096);
        assertThat(share).isBetween(0.65, 0.75);
    }

    @Test
    void warmUpIsNotCounted() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("ramp")).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(4 << 20).timeNanos(400_000_000L).rampNanos(300_000_000L).build()).runs().getFirst();
        assertThat(r.evidence().accounting().appBytesRead()).isGreaterThan(r.totals().bytesRead());
    }

    @Test
    void writingOverAnExistingFileNeedsConsent() throws IOException {
        Path f = Files.write(dir.resolve("precious"), new byte[8192]);
        assertThatThrownBy(() -> run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(4096).build()))
                .isInstanceOf(InvalidJobException.class).hasMessageContaining("--allow-overwrite");
        BenchmarkResult ok = run(JobSpec.builder(f).rw(RwMode.WRITE).blockSize(4096).allowOverwrite(true).build());
        assertThat(ok.runs().getFirst().totals().bytesWritten()).isEqualTo(8192);
        assertThat(f).as("a file iobench did not create stays").exists();
    }

    @Test
    void aDirectoryTargetGetsAScratchFileThatIsRemoved() throws IOException {
        BenchmarkResult b = run(JobSpec.builder(dir).rw(RwMode.WRITE).blockSize(4096).sizeBytes(65536).build());
        assertThat(b.target().path()).startsWith(dir.toString()).contains(".iobench-");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void directIoWithAMisalignedBlockSizeNamesTheOptionAndTheDeviceRule() {
        assertThatThrownBy(() -> run(JobSpec.builder(dir.resolve("d")).rw(RwMode.WRITE).blockSize(1000)
                .sizeBytes(1 << 20).direct(true).build()))
                .isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("--bs 1000")
                .hasMessageContaining("logical block size");
        assertThatThrownBy(() -> run(JobSpec.builder(dir.resolve("d2")).rw(RwMode.READ).blockSize(4096)
                .offsetBytes(100).sizeBytes(1 << 20).direct(true).build()))
                .hasMessageContaining("--offset 100");
        assertThat(dir.resolve("d")).doesNotExist();
    }

    @Test
    void aMisalignedDirectRequestMidRunSaysWhichAlignmentIsWrong() throws IOException {
        // exact-size job: the last request is the 1000-byte remainder, which O_DIRECT refuses
        BenchmarkResult b = run(JobSpec.builder(DiskDirs.enforcingDirectIo(dir).resolve("tail")).rw(RwMode.WRITE)
                .blockSize(4096)
                .sizeBytes(4 * 4096 + 1000).exactSize(true).direct(true).build());
        RunResult r = b.runs().getFirst();
        assertThat(r.complete()).isFalse();
        assertThat(r.outcome().failure().errnoName()).isEqualTo("EINVAL");
        assertThat(r.outcome().stopReason()).contains("O_DIRECT").contains("the length 1000 is not")
                .doesNotContain("the offset").doesNotContain("buffer address 0x");
        assertThat(r.totals().writes()).isEqualTo(4);
    }

    @Test
    void directIoWithAlignedBlocksWorks() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("dd")).rw(RwMode.WRITE).blockSize(4096).sizeBytes(1 << 20)
                .direct(true).build()).runs().getFirst();
        assertThat(r.complete()).isTrue();
        assertThat(r.totals().bytesWritten()).isEqualTo(1 << 20);
    }

    @Test
    void aFileTruncatedUnderneathStopsTheRunAsIncomplete() throws Exception {
        Path f = dir.resolve("shrink");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(64 << 20);
        }
        JobSpec spec = JobSpec.builder(f).rw(RwMode.READ).blockSize(4096).timeNanos(5_000_000_000L).build();
        RunListener truncate = new RunListener() {
            @Override
            public void runStarted(JobSpec s, int run, LiveView live) {
                try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                    raf.setLength(0); // under the opened target, as the workers start
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        BenchmarkResult b = run(spec, TickingClock.standard(), truncate);
        RunResult r = b.runs().getFirst();
        assertThat(r.complete()).isFalse();
        assertThat(b.complete()).isFalse();
        assertThat(r.outcome().stopReason()).contains("truncated");
        assertThat(r.totals().elapsedNanos()).as("stopped before its deadline").isLessThan(spec.timing().timeNanos());
    }
}
