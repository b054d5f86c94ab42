package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input and what the machine cannot hold, refused before any I/O: exit 2, one line naming the option and its
 * value, nothing created in the target's directory (issue 30, items 8 and 9: each of these once started I/O, an
 * unbounded allocation or an exit 4).
 */
class BoundsCliTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run --threads 99999999999 DIR                | --threads: '99999999999' must be 1..4096",
            "run --iodepth 99999999999 DIR                | --iodepth: '99999999999' must be 1..4096",
            "run --threads 1,2,99999999999 DIR            | --threads: '99999999999' in '1,2,99999999999' must be 1..4096",
            "run --iodepth 1..99999999999 DIR             | --iodepth: '8192' in '1..99999999999' must be 1..4096",
            "run --size 9223372036854775807 DIR           | --size 9223372036854775807: a new file in DIR",
            "run --size 9223372036854775807 DIR/new       | --size 9223372036854775807: a new file in DIR",
            "run --rw copy --source DIR DIR/copy          | --source DIR: is a directory",
            "run /proc/self/status                        | TARGET /proc/self/status: is on proc",
            "run --rw write /proc/sys/vm/iobench-none     | TARGET /proc/sys/vm/iobench-none: is on proc",
            "run /sys/kernel/uevent_seqnum                | TARGET /sys/kernel/uevent_seqnum: is on sysfs",
            "saturate /sys/kernel                         | TARGET /sys/kernel: is on sysfs",
    })
    void isRefusedBeforeAnyIo(String command, String start) throws Exception {
        List<String> args = new ArrayList<>();
        for (String word : command.strip().split(" +")) {
            args.add(word.replace("DIR", dir.toString()));
        }
        args.add("--no-store");
        InProcess.Result r = InProcess.run(args.toArray(String[]::new));
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: " + start.strip().replace("DIR", dir.toString()))
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().strip().lines()).hasSize(1);
        try (var files = Files.list(dir)) {
            assertThat(files).as("nothing created").isEmpty();
        }
    }

    @Test
    void anEmptyTargetIsRefusedNotTakenAsThisDirectory() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "", "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("iobench: TARGET '': is empty; name a file, a directory (. for this"
                + " one) or a block device");
        try (var files = Files.list(dir)) {
            assertThat(files).as("no scratch file in the working directory").isEmpty();
        }
    }

    /** The free space is the file system's own (statvfs), read now: one byte more than a new file can have. */
    @Test
    void aNewFileLargerThanTheFreeSpaceIsRefusedNamingTheFreeSpace() throws Exception {
        long free = Files.getFileStore(dir).getUsableSpace();
        Assumptions.assumeTrue(free < Long.MAX_VALUE / 2, "the file system reports no usable free space");
        long size = (free / (1 << 20) + 2) << 20; // whole MiB, above what is free even if a little is freed meanwhile
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--size", Long.toString(size),
                dir.resolve("big").toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: --size " + org.iobench.job.Sizes.binary(size) + ": a new file in "
                + dir).contains("free on its file system");
        assertThat(dir.resolve("big")).doesNotExist();
    }

    @Test
    void aJobFileWithMoreWorkersThanTheHeapHoldsIsRefused() throws Exception {
        Path job = dir.resolve("many.fio");
        Files.writeString(job, "[global]\nioengine=null\nrw=randread\nbs=4k\nsize=1m\nfilename=" + dir.resolve("f")
                + "\n[a]\nnumjobs=4096\n[b]\nnumjobs=4096\n");
        Cli.Result r = Cli.run(dir, List.of("-Xmx64m"), "run", job.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("of heap").contains("-Xmx");
    }

    @Test
    void workersBeyondTheHeapAreRefusedNamingTheHeap() throws Exception {
        Cli.Result r = Cli.run(dir, List.of("-Xmx64m"), "run", "--engine", "null", "--rw", "randread", "--bs", "4k",
                "--threads", "4096", "--time", "1s", dir.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: --threads 4096: each worker's latency histograms take about")
                .contains("MiB free").contains("IOBENCH_JAVA_OPTS=-Xmx");
    }

    @Test
    void buffersBeyondTheMemoryAvailableAreRefusedNamingMemAvailable() {
        // 64 x 4096 x 1 GiB = 256 TiB: more than any machine here has; the null engine would allocate them all
        InProcess.Result r = InProcess.run("run", "--engine", "null", "--threads", "64", "--iodepth", "4096",
                "--bs", "1g", "--rw", "randread", "--time", "1s", "--size", "4g", dir.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: --iodepth 4096: 64 workers x 4096 requests in flight x 1GiB"
                + " buffers need 256 TiB of memory; this machine has ").contains("available (MemAvailable)");
    }
}
