package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.testing.DiskDirs;
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
        InProcessMain.Result threads = InProcessMain.run("run", "--numjobs", "4", "--threads", "2", "--rw", "read",
                f.toString());
        assertThat(threads.status()).as("--numjobs makes a fio job, where iobench's --threads has no place")
                .isEqualTo(2);
        assertThat(threads.err().strip()).startsWith("iobench: --threads: not a fio option; with --filename,"
                + " --numjobs, --group_reporting the command line is a fio job").doesNotContain("\n")
                .doesNotContain("Exception");
        InProcessMain.Result both = InProcessMain.run("run", "--filename=" + f, "--size=64k", f.toString());
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("and --filename both name the file");
        InProcessMain.Result two = InProcessMain.run("run", "--name=a", "--name=b", "--filename=" + f, "--size=64k");
        assertThat(two.status()).isEqualTo(2);
        assertThat(two.err()).as("one job: several are iobench fio's or a job file's").contains("'--name' (NAME) should be"
                + " specified only once");
        InProcessMain.Result none = InProcessMain.run("run", "--rw", "read");
        assertThat(none.status()).isEqualTo(2);
        assertThat(none.err().strip()).startsWith("iobench: TARGET: missing");
        Path job = Files.writeString(dir.resolve("j.fio"), "[j]\nrw=read\nsize=64k\n");
        InProcessMain.Result withJob = InProcessMain.run("run", "--numjobs", "2", job.toString());
        assertThat(withJob.status()).isEqualTo(2);
        assertThat(withJob.err()).contains("--numjobs: not used with a job file");
        assertThat(InProcessMain.run("run", "--direct", job.toString()).err())
                .contains("--direct: not used with a job file");
        assertThat(f).doesNotExist();
    }

    /**
     * The blog post's one-liner: {@code --name}, {@code --filename}, {@code --numjobs} and {@code --group_reporting}
     * make {@code run}'s command line a fio job (two clones on one file, reported as one); the same arguments under
     * {@code iobench fio --output-format=json} give fio's one group entry.
     */
    @Test
    void theBlogOneLinerRunsAsAFioJobUnderRunAndUnderFio() throws Exception {
        Path data = DiskDirs.enforcingDirectIo(dir).resolve("f");
        String[] line = {"--name=randread", "--ioengine=libaio", "--iodepth=16", "--rw=randread", "--bs=4k",
                "--direct=1", "--size=16m", "--numjobs=2", "--runtime=1", "--group_reporting", "--filename=" + data};
        List<String> run = new ArrayList<>(List.of("run"));
        run.addAll(List.of(line));
        run.addAll(List.of("--no-store", "--sample-interval", "0", "--format", "json"));
        InProcessMain.Result r = InProcessMain.run(run.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode benchmarks = new ObjectMapper().readTree(r.out()).path("benchmarks");
        assertThat(benchmarks).hasSize(2);
        for (int clone = 0; clone < 2; clone++) {
            JsonNode b = benchmarks.get(clone);
            assertThat(b.path("job").path("name").asText()).isEqualTo("randread." + clone);
            assertThat(b.path("job").path("engine").asText()).isEqualTo("libaio");
            assertThat(b.path("job").path("iodepth").asInt()).isEqualTo(16);
            assertThat(b.path("job").path("direct").asBoolean()).isTrue();
            assertThat(b.path("target").path("path").asText()).isEqualTo(data.toString());
            JsonNode totals = b.path("runs").get(0).path("totals");
            long bytes = totals.path("totalBytes").asLong();
            assertThat(bytes).as("each clone reads its 16 MiB at most once, in 4 KiB requests").isPositive()
                    .isLessThanOrEqualTo(16L << 20);
            assertThat(bytes % 4096).as("whole 4 KiB requests").isZero();
            if (bytes < 16L << 20) {
                assertThat(totals.path("elapsedNs").asLong()).as("a clone that read less than its 16 MiB was cut"
                        + " short by the 1 s runtime (a loaded machine), not by anything else")
                        .isGreaterThanOrEqualTo(1_000_000_000L);
            }
        }
        assertThat(data).as("the file the job made is scratch under iobench run").doesNotExist();
        List<String> text = new ArrayList<>(run.subList(0, run.size() - 2));
        InProcessMain.Result t = InProcessMain.run(text.toArray(String[]::new));
        assertThat(t.status()).as(t.err()).isZero();
        assertThat(t.out()).contains("2 jobs in parallel, reported as one: group_reporting");
        List<String> fio = new ArrayList<>(List.of("fio"));
        fio.addAll(List.of(line));
        fio.add("--output-format=json");
        InProcessMain.Result j = InProcessMain.run(fio.toArray(String[]::new));
        assertThat(j.status()).as(j.err()).isZero();
        JsonNode jobs = new ObjectMapper().readTree(j.out()).path("jobs");
        assertThat(jobs).as("group_reporting: one entry").hasSize(1);
        assertThat(jobs.get(0).path("jobname").asText()).isEqualTo("randread");
        assertThat(jobs.get(0).path("job options").path("numjobs").asText()).isEqualTo("2");
        JsonNode read = jobs.get(0).path("read");
        assertThat(read.path("total_ios").asLong()).as("two clones of 16 MiB in 4 KiB reads at most")
                .isPositive().isLessThanOrEqualTo(2 * (16 << 20) / 4096);
        if (read.path("total_ios").asLong() < 2 * (16 << 20) / 4096) {
            assertThat(read.path("runtime").asLong()).as("fewer reads only when the 1 s runtime cut the job short")
                    .isGreaterThanOrEqualTo(1000);
        }
        Files.deleteIfExists(data); // iobench fio keeps what it made, as fio
    }
}
