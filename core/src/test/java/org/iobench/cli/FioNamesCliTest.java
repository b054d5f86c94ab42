package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's command-line names on {@code iobench run}, with fio's meaning (docs/options.md, "fio's names"). */
class FioNamesCliTest {
    @TempDir
    Path dir;

    private static JsonNode run(String... args) throws Exception {
        InProcessMain.Result r = InProcessMain.run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out()).path("benchmarks").get(0);
    }

    @Test
    void fioEngineNamesNumjobsAndDirectZeroMapOntoIobenchsOptions() throws Exception {
        JsonNode b = run("run", "--ioengine", "io_uring", "--iodepth", "4", "--threads", "2", "--direct=0",
                "--name", "fio-like", "--rw", "randread", "--bs", "4k", "--size", "256k", "--no-store",
                "--sample-interval", "0", "--format", "json", dir.resolve("f").toString());
        assertThat(b.path("job").path("engine").asText()).isEqualTo("uring");
        assertThat(b.path("job").path("iodepth").asInt()).isEqualTo(4);
        assertThat(b.path("job").path("threads").asInt()).isEqualTo(2);
        assertThat(b.path("job").path("direct").asBoolean()).isFalse();
        assertThat(b.path("job").path("name").asText()).isEqualTo("fio-like");
        JsonNode sync = run("run", "--ioengine=sync", "--rw", "read", "--bs", "4k", "--size", "64k", "--no-store",
                "--sample-interval", "0", "--format", "json", dir.resolve("g").toString());
        assertThat(sync.path("job").path("engine").asText()).isEqualTo("psync");
    }

    @Test
    void runtimeAloneCapsAJobThatEndsWithItsRegionAndWithTimeBasedItLoops() throws Exception {
        JsonNode capped = run("run", "--rw", "read", "--bs", "64k", "--size", "1m", "--runtime", "30",
                "--no-store", "--sample-interval", "0", "--format", "json", dir.resolve("a").toString());
        assertThat(capped.path("runs").get(0).path("totals").path("totalBytes").asLong()).isEqualTo(1 << 20);
        JsonNode looped = run("run", "--rw", "read", "--bs", "64k", "--size", "64k", "--runtime", "300ms",
                "--time_based", "--no-store", "--sample-interval", "0", "--format", "json",
                dir.resolve("b").toString());
        assertThat(looped.path("job").path("loopRegion").asBoolean()).isTrue();
        assertThat(looped.path("runs").get(0).path("totals").path("totalBytes").asLong()).as("over the 64 KiB region"
                + " again and again").isGreaterThan(64 * 1024);
    }

    @Test
    void sizeWithTimeIsTheRegionATimeBasedJobGoesOver() throws Exception {
        JsonNode b = run("run", "--rw", "randread", "--bs", "4k", "--size", "64k", "--time", "300ms",
                "--no-store", "--sample-interval", "0", "--format", "json", dir.resolve("c").toString());
        assertThat(b.path("job").path("loopRegion").asBoolean()).isTrue();
        assertThat(b.path("runs").get(0).path("totals").path("totalBytes").asLong()).isGreaterThan(64 * 1024);
        assertThat(b.path("target").path("regionBytes").asLong()).isEqualTo(64 * 1024);
    }

    @Test
    void twoNamesOfOneSettingAndFioNamesWithAJobFileAreRefused() throws Exception {
        Path f = dir.resolve("x").toAbsolutePath();
        assertThat(InProcessMain.run("run", "--ioengine", "libaio", "--engine", "uring", f.toString()).err())
                .contains("--ioengine libaio: and --engine uring both name the engine");
        assertThat(InProcessMain.run("run", "--runtime", "1", "--time", "1s", f.toString()).err())
                .contains("--runtime 1s: and --time both set the time");
        InProcessMain.Result noRuntime = InProcessMain.run("run", "--time_based", f.toString());
        assertThat(noRuntime.status()).isEqualTo(2);
        assertThat(noRuntime.err()).contains("--time_based").contains("needs --runtime");
        assertThat(InProcessMain.run("run", "--ioengine", "mmap", f.toString()).err())
                .contains("--ioengine mmap: iobench runs psync, sync");
        InProcessMain.Result numjobs = InProcessMain.run("run", "--numjobs", "4", "--rw", "read", f.toString());
        assertThat(numjobs.status()).as("fio's numjobs means clones: refused, not an alias of --threads")
                .isEqualTo(2);
        assertThat(numjobs.err().strip()).startsWith("iobench: --numjobs 4: fio's numjobs makes 4 clones")
                .contains("use --threads 4").doesNotContain("\n").doesNotContain("Exception");
        Path job = Files.writeString(dir.resolve("j.fio"), "[j]\nrw=read\nsize=64k\n");
        InProcessMain.Result withJob = InProcessMain.run("run", "--numjobs", "2", job.toString());
        assertThat(withJob.status()).isEqualTo(2);
        assertThat(withJob.err()).contains("--numjobs: not used with a job file");
        assertThat(InProcessMain.run("run", "--direct", job.toString()).err())
                .contains("--direct: not used with a job file");
        assertThat(f).doesNotExist();
    }
}
