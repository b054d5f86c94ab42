package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job over several files with fio's {@code end_fsync}: every file synced once at the end, as fio 3.33's
 * {@code do_io} ends ({@code for_each_file fio_file_fsync}: 3 fsync calls for 3 files under strace, fio and
 * iobench alike); what fio runs over several files and iobench cannot yet (fsync=N with an engine that queues)
 * exits 2 under {@code iobench fio}.
 */
class FioManyFilesSyncCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void endFsyncSyncsEveryFileOnce() throws Exception {
        Path job = Files.writeString(dir.resolve("j.fio"), "[j]\nrw=write\nbs=4k\nnrfiles=3\nsize=96k\n"
                + "file_service_type=sequential\nend_fsync=1\ndirectory=" + dir + "\n");
        InProcessMain.Result r = InProcessMain.run("run", "--no-store", "--format", "json", job.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode run = JSON.readTree(r.out()).path("benchmarks").get(0).path("runs").get(0);
        assertThat(run.path("totals").path("syncs").asLong()).as("one final sync per file").isEqualTo(3);
        assertThat(run.path("totals").path("writeBytes").asLong()).isEqualTo(96 * 1024);
        try (var left = Files.list(dir)) {
            assertThat(left).as("the files removed, the job file left").containsExactly(job);
        }
    }

    @Test
    void fsyncEveryNOverSeveralFilesWithAQueueingEngineIsIobenchsRefusalExit2() throws Exception {
        Path job = Files.writeString(dir.resolve("j.fio"), "[j]\nrw=write\nbs=4k\nnrfiles=2\nsize=64k\nfsync=4\n"
                + "ioengine=libaio\n"
                + "directory=" + dir + "\n");
        InProcessMain.Result r = InProcessMain.run("fio", job.toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).as("one line").hasSize(1);
        assertThat(r.err()).contains("nrfiles 2").contains("fsync=");
        try (var left = Files.list(dir)) {
            assertThat(left).as("refused before any file is made").containsExactly(job);
        }
    }
}
