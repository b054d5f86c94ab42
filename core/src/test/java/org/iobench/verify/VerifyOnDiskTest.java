package org.iobench.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.iobench.job.DataPattern;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.BlockMismatch;
import org.iobench.result.MismatchKind;
import org.iobench.result.RunResult;
import org.iobench.result.VerifyResult;
import org.iobench.workload.Benchmark;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real runs on temp files (ext4 here), blocks damaged on disk between the write and the check. */
class VerifyOnDiskTest {
    static final int BS = 64 << 10;
    static final int BLOCKS = 32;

    @TempDir
    Path dir;

    private static RunResult run(JobSpec spec) throws IOException {
        BenchmarkResult b = Benchmark.system(0).execute(spec, new RunControl(), RunListener.NONE);
        assertThat(b.complete()).isTrue();
        return b.runs().getFirst();
    }

    private JobSpec.Builder write(Path f) {
        return JobSpec.builder(f).rw(RwMode.WRITE).blockSize(BS).sizeBytes((long) BS * BLOCKS)
                .pattern(DataPattern.RANDOM).verify(VerifyChecksum.CRC32C).keep(true).allowOverwrite(true);
    }

    @ParameterizedTest
    @EnumSource(value = VerifyChecksum.class, names = {"CRC32C", "SHA256"})
    void aCleanRunReadBackAfterTheWriteHasZeroFindings(VerifyChecksum algorithm) throws IOException {
        RunResult r = run(write(dir.resolve("clean")).verify(algorithm).verifyAfter(true).threads(2).build());
        VerifyResult v = r.extras().verification();
        assertThat(v.passed()).as(v.toString()).isTrue();
        assertThat(v.mode()).isEqualTo("after");
        assertThat(v.checksum()).isEqualTo(algorithm.label());
        assertThat(v.blocksStamped()).isEqualTo(BLOCKS);
        assertThat(v.blocksChecked()).isEqualTo(BLOCKS);
        assertThat(v.counts()).isEmpty();
        assertThat(v.stampBytesPerSecond()).isPositive();
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"psync, 4, 1", "uring, 2, 8"})
    void randomWritesOfSeveralWritersAreStripedSoEveryBlockVerifies(String engine, int threads, int depth)
            throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("striped-" + engine)).rw(RwMode.RANDWRITE).blockSize(4096)
                .sizeBytes(4L << 20).engine(engine).threads(threads).iodepth(depth).pattern(DataPattern.RANDOM)
                .verify(VerifyChecksum.CRC32C).verifyAfter(true).timeNanos(400_000_000L).build();
        RunResult r;
        try {
            r = run(spec);
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("io_uring unavailable here: " + e.getMessage());
            return;
        }
        VerifyResult v = r.extras().verification();
        assertThat(r.totals().writes()).isGreaterThan(1000);
        assertThat(v.blocksChecked()).isPositive();
        assertThat(v.passed()).as(v.toString()).isTrue();
        assertThat(v.counts()).isEmpty();
    }

    @Test
    void flippedZeroedOldAndHalfOldBlocksOnDiskAreEachFoundAndClassified() throws IOException {
        Path f = dir.resolve("damaged");
        run(write(f).build());
        byte[] old3 = readBlock(f, 3);
        byte[] old7 = readBlock(f, 7);
        RunResult second = run(write(f).build());
        long runId = RunIds.parse(second.extras().verification().runId());

        flipByte(f, 1L * BS + 5000);
        writeAt(f, 5L * BS, new byte[BS]);
        writeAt(f, 3L * BS, old3);
        byte[] half = new byte[BS / 2];
        System.arraycopy(old7, BS / 2, half, 0, BS / 2);
        writeAt(f, 7L * BS + BS / 2, half);

        TargetLayout known = new TargetLayout(0, (long) BS * BLOCKS, BS, true, "test");
        VerifyResult v = TargetVerifier.verify(f, runId, known, false);
        assertThat(kindsByBlock(v)).isEqualTo(Map.of(1L, MismatchKind.CORRUPT, 3L, MismatchKind.STALE,
                5L, MismatchKind.GARBAGE, 7L, MismatchKind.TORN));
        assertThat(v.failures()).isEqualTo(4);
        assertThat(v.blocksChecked()).isEqualTo(BLOCKS);

        TargetLayout fromHeaders = new TargetLayout(0, (long) BS * BLOCKS, BS, false, "headers");
        VerifyResult loose = TargetVerifier.verify(f, runId, fromHeaders, true);
        assertThat(kindsByBlock(loose)).isEqualTo(Map.of(1L, MismatchKind.CORRUPT, 3L, MismatchKind.OTHER_RUN,
                5L, MismatchKind.UNSTAMPED, 7L, MismatchKind.TORN));
        assertThat(loose.failures()).isEqualTo(2);
        assertThat(TargetVerifier.blocksOfRun(loose)).isEqualTo(BLOCKS - 2);
    }

    @Test
    void theBlockSizeIsReadFromTheFirstHeader() throws IOException {
        Path f = dir.resolve("bs");
        run(write(f).build());
        assertThat(TargetVerifier.blockSizeAt(f, 0, false)).isEqualTo(BS);
        assertThat(TargetVerifier.blockSizeAt(f, 100, false)).isZero();
    }

    @Test
    void aMixedRandomJobChecksItsReadsOfBlocksItWroteInline() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("mixed")).rw(RwMode.RANDRW).blockSize(4096)
                .sizeBytes(1 << 20).verify(VerifyChecksum.CRC32C).build());
        VerifyResult v = r.extras().verification();
        assertThat(v.mode()).isEqualTo("inline");
        assertThat(v.blocksChecked()).isPositive();
        assertThat(v.passed()).as(v.toString()).isTrue();
    }

    @Test
    void directIoWritesAndReadsBackBlocksWithTheirHeaders() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("direct")).rw(RwMode.WRITE).blockSize(4096)
                .sizeBytes(1 << 20).direct(true).verify(VerifyChecksum.CRC32C).verifyAfter(true).build());
        assertThat(r.extras().verification().passed()).isTrue();
        assertThat(r.extras().verification().blocksChecked()).isEqualTo(256);
    }

    @Test
    void blocksWhoseReadFailsAreReportedUnreadableAndTheCheckGoesOn() throws IOException {
        // pread on a directory fails with EISDIR: a read error without a failing disk.
        TargetLayout layout = new TargetLayout(0, 3L * BS, BS, false, "test");
        VerifyResult v = TargetVerifier.verify(dir, 1, layout, false);
        assertThat(v.count(MismatchKind.UNREADABLE)).isEqualTo(3);
        assertThat(v.passed()).isFalse();
        assertThat(v.mismatches().getFirst().detail()).contains("EISDIR");
    }

    private static Map<Long, MismatchKind> kindsByBlock(VerifyResult v) {
        return v.mismatches().stream().collect(Collectors.toMap(m -> m.offset() / BS, BlockMismatch::kind));
    }

    private static byte[] readBlock(Path f, int index) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            byte[] b = new byte[BS];
            raf.seek((long) index * BS);
            raf.readFully(b);
            return b;
        }
    }

    private static void writeAt(Path f, long offset, byte[] data) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(offset);
            raf.write(data);
        }
    }

    private static void flipByte(Path f, long offset) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0x40);
        }
    }
}
