package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.iobench.testing.ResultSchema;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --rw trim|randtrim|trimwrite|randtrimwrite}: discards as fio does them (sequential here, so that the
 * region is discarded whole: iobench's random offsets are drawn with replacement), on a loop device made for the test
 * (BLKDISCARD) and on a file with the falloc engine (holes punched), counted in their own direction; refused without
 * consent, and on a file for an engine whose trims need a block device, before any I/O.
 */
class TrimCliTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void trimsOfALoopDeviceNeedConsentAndAreCountedApartFromReadsAndWrites() throws Exception {
        Root.assumeLoopDevices("trim a loop device made for the test");
        Path image = dir.resolve("trim.img");
        Files.write(image, filled(4 * MIB, (byte) 0x3c), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.SYNC);
        Path loop = Root.losetup(image);
        try {
            InProcess.Result refused = InProcess.run("run", "--no-store", "--rw", "randtrim", "--bs", "64k",
                    "--size", "1m", loop.toString());
            assertThat(refused.status()).as(refused.err()).isEqualTo(2);
            assertThat(refused.err().strip()).doesNotContain("\n")
                    .contains("trimming (discarding) a block device destroys its data", "--allow-overwrite");
            assertThat(read(loop, 0, 4 * MIB)).as("nothing trimmed").containsOnly((byte) 0x3c);

            InProcess.Result trimmed = InProcess.run("run", "--no-store", "--rw", "trim", "--bs", "64k",
                    "--size", "1m", "--allow-overwrite", "--format", "json", loop.toString());
            assertThat(trimmed.status()).as(trimmed.err()).isZero();
            JsonNode run = ResultSchema.assertValid(trimmed.out()).path("benchmarks").get(0).path("runs").get(0);
            assertThat(run.path("totals").path("trims").asLong()).isEqualTo(16);
            assertThat(run.path("totals").path("trimBytes").asLong()).isEqualTo(MIB);
            assertThat(run.path("totals").path("reads").asLong() + run.path("totals").path("writes").asLong()).isZero();
            assertThat(run.path("trimLatency").path("count").asLong()).isEqualTo(16);
            assertThat(read(loop, 0, MIB)).as("the job's megabyte is discarded").containsOnly((byte) 0);
            assertThat(read(loop, MIB, 3 * MIB)).as("the rest is kept").containsOnly((byte) 0x3c);

            InProcess.Result trimWrite = InProcess.run("run", "--no-store", "--rw", "trimwrite", "--bs", "64k",
                    "--size", "1m", "--offset", "2m", "--engine", "libaio", "--iodepth", "4", "--allow-overwrite",
                    "--format", "json", loop.toString());
            assertThat(trimWrite.status()).as(trimWrite.err()).isZero();
            JsonNode totals = ResultSchema.assertValid(trimWrite.out()).path("benchmarks").get(0).path("runs").get(0)
                    .path("totals");
            assertThat(totals.path("trims").asLong()).as("each block trimmed once, as fio's trimwrite").isEqualTo(16);
            assertThat(totals.path("writes").asLong()).as("and written once").isEqualTo(16);
            assertThat(totals.path("trimBytes").asLong()).isEqualTo(MIB);
            assertThat(totals.path("writeBytes").asLong()).isEqualTo(MIB);
            assertThat(read(loop, 3 * MIB, MIB)).as("past the job's region").containsOnly((byte) 0x3c);
        } finally {
            Root.detach(loop);
        }
    }

    @Test
    void aTrimOfAFileIsRefusedForBlkdiscardEnginesAndPunchesHolesWithFalloc() throws Exception {
        Path file = Files.write(dir.resolve("data"), filled(MIB, (byte) 0x11));
        InProcess.Result refused = InProcess.run("run", "--no-store", "--rw", "trim", "--bs", "64k",
                "--allow-overwrite", file.toString());
        assertThat(refused.status()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err().strip()).doesNotContain("\n")
                .contains("--rw", "trim", "BLKDISCARD", "needs a block device", "--engine falloc");
        InProcess.Result newFile = InProcess.run("run", "--no-store", "--rw", "randtrim", "--bs", "64k", "--size",
                "1m", dir.resolve("new").toString());
        assertThat(newFile.status()).as(newFile.err()).isEqualTo(2);
        assertThat(dir.resolve("new")).as("refused before anything is created").doesNotExist();

        InProcess.Result punched = InProcess.run("run", "--no-store", "--rw", "trim", "--bs", "64k", "--size",
                "512k", "--engine", "falloc", "--allow-overwrite", "--format", "json", file.toString());
        assertThat(punched.status()).as(punched.err()).isZero();
        JsonNode totals = ResultSchema.assertValid(punched.out()).path("benchmarks").get(0).path("runs").get(0)
                .path("totals");
        assertThat(totals.path("trims").asLong()).isEqualTo(8);
        assertThat(totals.path("trimBytes").asLong()).isEqualTo(512 * 1024);
        assertThat(Files.size(file)).as("holes keep the size").isEqualTo(MIB);
        byte[] back = Files.readAllBytes(file);
        assertThat(Arrays.copyOfRange(back, 0, MIB / 2)).as("punched").containsOnly((byte) 0);
        assertThat(Arrays.copyOfRange(back, MIB / 2, MIB)).as("kept").containsOnly((byte) 0x11);

        InProcess.Result text = InProcess.run("run", "--no-store", "--rw", "trim", "--bs", "64k", "--offset", "512k",
                "--size", "512k", "--engine", "falloc", "--allow-overwrite", file.toString());
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).contains("run 1: 524288 bytes trimmed (524 kB, 512 KiB)");
        assertThat(Files.readAllBytes(file)).containsOnly((byte) 0);
    }

    private static byte[] filled(int n, byte value) {
        byte[] a = new byte[n];
        Arrays.fill(a, value);
        return a;
    }

    private static byte[] read(Path deviceOrFile, long offset, int length) throws Exception {
        byte[] a = new byte[length];
        try (RandomAccessFile f = new RandomAccessFile(deviceOrFile.toFile(), "r")) {
            f.seek(offset);
            f.readFully(a);
        }
        return a;
    }
}
