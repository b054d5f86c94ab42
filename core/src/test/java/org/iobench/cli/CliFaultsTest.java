package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real faults: a full filesystem, Ctrl-C, a mounted device. Partial results, right exit status, no leftovers. */
class CliFaultsTest {
    @TempDir
    Path dir;

    @Test
    void aFullFilesystemStopsTheRunWithPartialResultsAndExit1() throws Exception {
        Root.assumeSysAdmin("mount a 16 MiB tmpfs and fill it");
        Path mnt = dir.resolve("small");
        Root.mountTmpfs(mnt, "16m");
        try {
            // a new 64 MiB file is refused before any I/O (it exceeds the free space); a sparse file written over
            // with consent runs out of space mid-run, as a file system others fill does
            Cli.Result refused = Cli.run(dir, "run", "--rw", "write", "--bs", "1m", "--size", "64m",
                    mnt.resolve("new").toString());
            assertThat(refused.status()).as(refused.err()).isEqualTo(2);
            assertThat(refused.err()).startsWith("iobench: --size 64MiB: a new file in " + mnt)
                    .contains("free on its file system");
            Path f = mnt.resolve("f");
            try (RandomAccessFile sparse = new RandomAccessFile(f.toFile(), "rw")) {
                sparse.setLength(64L << 20);
            }
            Cli.Result r = Cli.run(dir, "run", "--rw", "write", "--bs", "1m", "--allow-overwrite", f.toString());
            assertThat(r.status()).as(r.out() + r.err()).isEqualTo(1);
            assertThat(r.out()).contains("INCOMPLETE").contains("ENOSPC");
            assertThat(r.err()).contains("ENOSPC").contains("partial").doesNotContain("\tat ");
            try (var files = Files.list(mnt)) {
                assertThat(files).as("nothing but the file written over").containsExactly(f);
            }
        } finally {
            Root.umount(mnt);
        }
    }

    @Test
    void ctrlCPrintsPartialResultsExits130AndRemovesTheScratchFile() throws Exception {
        // a directory target: iobench makes (and must remove) its scratch file; no --size with --time: time-based
        Process p = Cli.start(dir, "run", "--rw", "randread", "--bs", "4k", "--time", "60s",
                dir.toString());
        Cli.assumeSigintDelivered(p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (scratchBytes() < 1L << 30 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        awaitReads(p, 8 << 20); // the measured run is reading: interrupt it, not the fill
        Cli.signal(p, "INT");
        Cli.Result r = Cli.finish(p);
        assertThat(r.status()).as(r.err()).isEqualTo(130);
        assertThat(r.out()).contains("INCOMPLETE: interrupted").contains("IOPS");
        assertThat(r.err()).contains("interrupted");
        assertThat(scratchFiles()).isZero();
    }

    /**
     * Waits until {@code p} has read {@code bytes} more through read(2) ({@code /proc/PID/io} rchar): a sign that its
     * measured run is under way, not a guess of how long that takes; bounded, so a slow machine only makes the run
     * shorter before the signal.
     */
    private static void awaitReads(Process p, long bytes) throws Exception {
        Path io = Path.of("/proc", Long.toString(p.pid()), "io");
        long from = rchar(io);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (from >= 0 && p.isAlive() && rchar(io) >= 0 && rchar(io) - from < bytes && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static long rchar(Path io) {
        try {
            for (String line : Files.readAllLines(io)) {
                if (line.startsWith("rchar:")) {
                    return Long.parseLong(line.substring(6).strip());
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            // gone or unreadable: no more reads to wait for
        }
        return -1;
    }

    /** Bytes in the scratch file so far: the run starts once iobench has filled it (1 GiB by default). */
    private long scratchBytes() throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(".iobench-"))
                    .mapToLong(f -> f.toFile().length()).sum();
        }
    }

    private long scratchFiles() throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(".iobench-")).count();
        }
    }

    @Test
    void ctrlCStopsEveryJobOfAParallelGroupAndKeepsTheirPartialFigures() throws Exception {
        Path jobs = Files.writeString(dir.resolve("g.fio"), String.join("\n",
                "[global]", "directory=" + dir, "bs=64k", "size=16m", "runtime=60", "time_based", "",
                "[w1]", "rw=write", "filename=a.dat", "", "[w2]", "rw=randread", "filename=b.dat", ""));
        Process p = Cli.start(dir, "run", "--no-store", "--sample-interval", "0", jobs.toString());
        Cli.assumeSigintDelivered(p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(dir.resolve("b.dat")) && Files.size(dir.resolve("b.dat")) == 16 << 20)
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        awaitReads(p, 8 << 20); // w2 is reading its laid-out file: both jobs run
        Cli.signal(p, "INT");
        Cli.Result r = Cli.finish(p);
        assertThat(r.status()).as(r.err()).isEqualTo(130);
        assertThat(r.out()).contains("w1 run 1 incomplete: interrupted").contains("w2 run 1 incomplete: interrupted")
                .containsPattern("w1\\* +write 64KiB .* [0-9]+\\.[0-9] ");
        assertThat(dir.resolve("a.dat")).doesNotExist();
        assertThat(dir.resolve("b.dat")).doesNotExist();
    }

    @Test
    void aMountedBlockDeviceIsRefusedWhateverTheFlags() throws Exception {
        Root.assumeLoopDevices("create and mount a loop device");
        Path image = dir.resolve("disk.img");
        try (RandomAccessFile raf = new RandomAccessFile(image.toFile(), "rw")) {
            raf.setLength(32 << 20);
        }
        Root.sh("mkfs.ext4", "-q", "-F", image.toString());
        Path loop = Root.losetup(image);
        Path mnt = dir.resolve("mnt");
        Files.createDirectories(mnt);
        try {
            Root.sh("mount", loop.toString(), mnt.toString());
            try {
                Cli.Result r = Cli.run(dir, "run", "--rw", "write", "--bs", "1m", "--size", "4m",
                        "--allow-overwrite", loop.toString());
                assertThat(r.status()).isEqualTo(2);
                assertThat(r.err()).contains("refusing").contains("mounted").contains(loop.toString());
            } finally {
                Root.umount(mnt);
            }
            Cli.Result noConsent = Cli.run(dir, "run", "--rw", "write", "--bs", "1m", "--size", "4m",
                    loop.toString());
            assertThat(noConsent.status()).isEqualTo(2);
            assertThat(noConsent.err()).contains("--allow-overwrite");

            Cli.Result ok = Cli.run(dir, "run", "--rw", "write", "--bs", "1m", "--size", "4m", "--direct",
                    "--allow-overwrite", "--format", "json", loop.toString());
            assertThat(ok.status()).as(ok.err()).isZero();
            assertThat(ok.out()).contains("\"writeBytes\" : 4194304").contains("\"kind\" : \"block-device\"");

            Cli.Result read = Cli.run(dir, "run", "--rw", "read", "--bs", "64k", "--direct", "--format", "json",
                    loop.toString());
            assertThat(read.status()).as(read.err()).isZero();
            assertThat(read.out()).contains("\"readBytes\" : " + (32 << 20));
        } finally {
            Root.detach(loop);
        }
    }
}
