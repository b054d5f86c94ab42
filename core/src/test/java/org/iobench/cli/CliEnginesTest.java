package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --engine libaio} and {@code --engine null} end to end. */
class CliEnginesTest {
    @TempDir
    Path dir;

    @Test
    void aNullEngineRunOpensNoFileCountsEveryRequestAndGivesNoStorageAdvice() throws Exception {
        Path target = dir.resolve("never-created");
        Cli.Result r = Cli.run(dir, "run", "--no-store", "--format", "json", "--engine", "null", "--rw", "randwrite",
                "--bs", "4k", "--size", "64m", "--sync", "fdatasync", target.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(target).doesNotExist();
        JsonNode b = new ObjectMapper().readTree(r.out()).path("benchmarks").get(0);
        JsonNode run = b.path("runs").get(0);
        assertThat(run.path("totals").path("writes").asLong()).isEqualTo(16384);
        assertThat(run.path("totals").path("writeBytes").asLong()).isEqualTo(64L << 20);
        assertThat(run.path("writeLatency").path("count").asLong()).as("latency of every request").isEqualTo(16384);
        assertThat(run.path("totals").path("syncs").asLong()).as("no file, no final sync").isZero();
        assertThat(b.path("target").path("kind").asText()).isEqualTo("none");
        assertThat(b.path("findings")).as("page cache, unsynced writes... are not about a null run").isEmpty();
    }

    @Test
    void aNullEngineCannotVerifyOrCopy() throws Exception {
        Cli.Result verify = Cli.run(dir, "run", "--no-store", "--engine", "null", "--rw", "write", "--bs", "4k",
                "--size", "1m", "--verify", "crc32c", dir.resolve("f").toString());
        assertThat(verify.status()).isEqualTo(2);
        assertThat(verify.err().strip()).startsWith("iobench: --verify crc32c: the null engine").doesNotContain("\n");
        Cli.Result copy = Cli.run(dir, "run", "--no-store", "--engine", "null", "--rw", "copy", "--source",
                "/dev/zero", "--bs", "4k", "--size", "1m", dir.resolve("g").toString());
        assertThat(copy.status()).isEqualTo(2);
        assertThat(copy.err()).contains("--rw copy: the null engine");
    }

    @Test
    void fixedBuffersAreRefusedForAnEngineOtherThanIoUring() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--no-store", "--engine", "libaio", "--fixed-buffers", "--rw", "read",
                "--bs", "4k", "--size", "1m", dir.resolve("f").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("iobench: --fixed-buffers: registers buffers and files with io_uring"
                + " (--engine uring); the libaio engine has nothing to register");
        assertThat(dir.resolve("f")).doesNotExist();
    }

    @Test
    void aCopyThroughAnEngineOutsideProcSelfIoCopiesEveryByteWithoutAFalseAccountingMismatch() throws Exception {
        Path source = dir.resolve("source");
        byte[] data = new byte[4 << 20];
        new java.util.SplittableRandom(5).nextBytes(data);
        java.nio.file.Files.write(source, data);
        for (String engine : new String[] {"uring", "libaio"}) {
            Path copy = dir.resolve("copy-" + engine);
            Cli.Result r = Cli.run(dir, "run", "--no-store", "--format", "json", "--keep", "--engine", engine,
                    "--rw", "copy", "--source", source.toString(), "--bs", "64k", copy.toString());
            assertThat(r.status()).as(r.err()).isZero();
            JsonNode b = new ObjectMapper().readTree(r.out()).path("benchmarks").get(0);
            JsonNode accounting = b.path("runs").get(0).path("accounting");
            assertThat(accounting.path("mismatch").asBoolean()).as(engine).isFalse();
            assertThat(accounting.path("note").asText()).contains("is not counted in the threads' rchar/wchar");
            assertThat(b.path("findings").toString()).doesNotContain("accounting-mismatch");
            assertThat(java.nio.file.Files.readAllBytes(copy)).as(engine).isEqualTo(data);
        }
    }

    @Test
    void aLibaioRunAtDepthMovesEveryBlockAndSaysItsIoIsNotInProcSelfIo() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--no-store", "--format", "json", "--engine", "libaio", "--iodepth", "8",
                "--rw", "randrw", "--bs", "4k", "--size", "4m", dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode run = new ObjectMapper().readTree(r.out()).path("benchmarks").get(0).path("runs").get(0);
        assertThat(run.path("totals").path("ops").asLong()).isEqualTo(1024);
        assertThat(run.path("accounting").path("checked").asBoolean()).isFalse();
        assertThat(run.path("accounting").path("note").asText()).contains("libaio");
        assertThat(run.path("latencySplit").isObject()).as("slat and clat").isTrue();
    }
}
