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
        Cli.Result r = Cli.run(dir, "run", "--no-store", "--output", "json", "--engine", "null", "--rw", "randwrite",
                "--bs", "4k", "--size", "64m", "--sync", "fdatasync", target.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(target).doesNotExist();
        JsonNode b = new ObjectMapper().readTree(r.out()).path("benchmarks").get(0);
        JsonNode run = b.path("runs").get(0);
        assertThat(run.path("totals").path("writes").asLong()).isEqualTo(16384);
        assertThat(run.path("totals").path("bytesWritten").asLong()).isEqualTo(64L << 20);
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
    void aLibaioRunAtDepthMovesEveryBlockAndSaysItsIoIsNotInProcSelfIo() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--no-store", "--output", "json", "--engine", "libaio", "--iodepth", "8",
                "--rw", "randrw", "--bs", "4k", "--size", "4m", dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode run = new ObjectMapper().readTree(r.out()).path("benchmarks").get(0).path("runs").get(0);
        assertThat(run.path("totals").path("ops").asLong()).isEqualTo(1024);
        assertThat(run.path("accounting").path("checked").asBoolean()).isFalse();
        assertThat(run.path("accounting").path("note").asText()).contains("libaio");
        assertThat(run.path("latencySplit").isObject()).as("slat and clat").isTrue();
    }
}
