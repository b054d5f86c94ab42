package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end runs through the command line, checked against what the kernel counted. */
class CliRunTest {
    @TempDir
    Path dir;

    @Test
    void aWriteRunPrintsDdsLineAndItsJsonMatchesTheKernelsCount() throws Exception {
        Path json = dir.resolve("r.json");
        Cli.Result r = Cli.run(dir, "run", "--rw", "write", "--bs", "64k", "--size", "4m", "--sync", "fdatasync",
                "--runs", "2", "-o", json.toString(), dir.resolve("f").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("run 1: 4194304 bytes (4.2 MB, 4.0 MiB) written, ")
                .contains("MB/s").contains("MiB/s").contains("fdatasync").contains("min").contains("cv");
        JsonNode doc = new ObjectMapper().readTree(json.toFile());
        assertThat(doc.path("formatVersion").asInt()).isEqualTo(2);
        JsonNode run = doc.path("benchmarks").get(0).path("runs").get(0);
        assertThat(run.path("totals").path("writeBytes").asLong()).isEqualTo(4 << 20);
        assertThat(run.path("accounting").path("kernelWriteBytes").asLong()).isBetween(4L << 20, (4L << 20) + 65536);
        assertThat(run.path("accounting").path("mismatch").asBoolean()).isFalse();
        assertThat(run.path("totals").path("syncNs").asLong()).isPositive();
        assertThat(doc.path("benchmarks").get(0).path("summary").path("bytesPerSecond").path("n").asInt())
                .isEqualTo(2);
        assertThat(dir.resolve("f")).doesNotExist();
    }

    @Test
    void jsonOnStdoutIsTheWholeOutput() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--rw", "randread", "--bs", "4k", "--size", "1m", "--format", "json",
                dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertThat(doc.path("benchmarks").get(0).path("runs").get(0).path("totals").path("reads").asLong())
                .isEqualTo(256);
        assertThat(doc.path("complete").asBoolean()).isTrue();
    }

    @Test
    void keepLeavesTheCreatedFileForTheUser() throws Exception {
        Cli.Result r = Cli.run(dir, "run", "--rw", "write", "--bs", "4k", "--size", "64k", "--keep",
                dir.resolve("kept").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(Files.size(dir.resolve("kept"))).isEqualTo(65536);
    }
}
