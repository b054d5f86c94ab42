package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Job files with fio's file-operation engines (filecreate, filestat, filedelete) and nrfiles. */
class FileOpJobCliTest {
    @TempDir
    Path dir;

    private InProcessMain.Result run(String name, String text, String... extra) throws Exception {
        Path file = Files.writeString(dir.resolve(name + ".fio"), "[global]\ndirectory=" + dir.resolve("d") + "\n"
                + text);
        Files.createDirectories(dir.resolve("d"));
        String[] args = Stream.concat(Stream.of("run", "--no-store", "--sample-interval", "0", "-o",
                dir.resolve(name + ".json").toString()), Stream.concat(Stream.of(extra), Stream.of(file.toString())))
                .toArray(String[]::new);
        return InProcessMain.run(args);
    }

    private JsonNode totals(String name, int job) throws Exception {
        JsonNode doc = org.iobench.testing.ResultSchema.assertValid(java.nio.file.Files.readString(
                dir.resolve(name + ".json"))); // the file engines' part of the job too
        return doc.path("benchmarks").path(job).path("runs").path(0).path("totals");
    }

    private long files() throws Exception {
        try (Stream<Path> s = Files.list(dir.resolve("d"))) {
            return s.count();
        }
    }

    @Test
    void filecreateCreatesEachOfTheJobsFilesOnceAndCountsOneBlockPerFileAsFioDoes() throws Exception {
        InProcessMain.Result r = run("create", "ioengine=filecreate\nnrfiles=20\nfilesize=4k\nopenfiles=1\n"
                + "create_on_open=1\nfallocate=none\n[c]\n", "--keep");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(totals("create", 0).path("reads").asLong()).isEqualTo(20);
        assertThat(totals("create", 0).path("totalBytes").asLong()).isEqualTo(20 * 4096);
        assertThat(files()).isEqualTo(20);
        assertThat(Files.size(dir.resolve("d/c.0.19"))).isZero();
        assertThat(dir.resolve("d/c.0.20")).doesNotExist();
        InProcessMain.Result again = run("create2", "ioengine=filecreate\nnrfiles=20\n[c2]\n");
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(files()).as("files the run created are removed without --keep").isEqualTo(20);
    }

    @Test
    void filestatStatsFilesLaidOutToTheirSizeForEachCloneAndRemovesThem() throws Exception {
        InProcessMain.Result r = run("stat", "ioengine=filestat\nnrfiles=10\nfilesize=8k\nstat_type=statx\n"
                + "numjobs=2\n[s]\n", "--keep");
        assertThat(r.status()).as(r.err()).isZero();
        for (int job = 0; job < 2; job++) {
            assertThat(totals("stat", job).path("reads").asLong()).isEqualTo(10);
            assertThat(totals("stat", job).path("totalBytes").asLong()).isEqualTo(10 * 8192);
        }
        assertThat(Files.size(dir.resolve("d/s.1.9"))).isEqualTo(8192);
        assertThat(files()).isEqualTo(20);
        InProcessMain.Result lstat = run("lstat", "ioengine=filestat\nnrfiles=5\nfilesize=4k\nstat_type=lstat\n[l]\n");
        assertThat(lstat.status()).as(lstat.err()).isZero();
        assertThat(totals("lstat", 0).path("reads").asLong()).isEqualTo(5);
        assertThat(files()).isEqualTo(20);
    }

    @Test
    void filedeleteUnlinksEveryFileItLaidOutAndNeverOneItWasNotGiven() throws Exception {
        InProcessMain.Result r = run("del", "ioengine=filedelete\nnrfiles=15\nfilesize=4k\nunlink=0\n[x]\n");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(totals("del", 0).path("reads").asLong()).isEqualTo(15);
        assertThat(totals("del", 0).path("totalBytes").asLong()).isEqualTo(15 * 4096);
        assertThat(files()).isZero();
        Files.writeString(dir.resolve("d/y.0.3"), "mine");
        InProcessMain.Result mine = run("mine", "ioengine=filedelete\nnrfiles=5\nfilesize=4k\n[y]\n");
        assertThat(mine.status()).isNotZero();
        assertThat(mine.err()).contains("y.0.3: exists");
        assertThat(Files.readString(dir.resolve("d/y.0.3"))).isEqualTo("mine");
        assertThat(files()).as("nothing laid out is left behind").isEqualTo(1);
    }

    @Test
    void filesLargerThanABlockSayHowFioCountsThemAndCreateOnOpenWithoutALayoutIsRefused() throws Exception {
        InProcessMain.Result r = run("big", "ioengine=filestat\nnrfiles=3\nfilesize=8k\n[b]\n");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(totals("big", 0).path("reads").asLong()).isEqualTo(3);
        assertThat(r.err()).contains("fio counts 2 per file");
        InProcessMain.Result open = run("open", "ioengine=filedelete\nnrfiles=3\nfilesize=4k\ncreate_on_open=1\n[o]\n");
        assertThat(open.status()).isEqualTo(2);
        assertThat(open.err()).contains("create_on_open=1").contains("ENOENT");
    }

    @Test
    void severalFilesWithADataEngineRunOverEachFile() throws Exception {
        InProcessMain.Result r = run("data", "rw=read\nnrfiles=4\nsize=64k\n[r]\n");
        assertThat(r.status()).as(r.err()).isZero();
        InProcessMain.Result bad = run("data2", "rw=read\nnrfiles=4\nsize=64k\nfile_service_type=zipf:1\n[r]\n");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("file_service_type");
    }
}
