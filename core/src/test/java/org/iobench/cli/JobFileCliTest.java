package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio job files through {@code iobench run}: what the command line adds to the parser (docs/jobfiles.md). */
class JobFileCliTest {
    @TempDir
    Path dir;

    private Path job(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), "[global]\ndirectory=" + dir + "\n" + text);
    }

    @Test
    void aNewFileWithoutSizeIsRefusedAsFioRefusesItUnlessAnEarlierStageMakesIt() throws Exception {
        InProcessMain.Result r = InProcessMain.run("run", job("ns.fio", "[j]\nrw=read\nfilename=nothere\n")
                .toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("job [j]: ").contains("nothere does not exist and the job gives no size=");
        InProcessMain.Result made = InProcessMain.run("run", "--no-store", "--sample-interval", "0",
                job("made.fio", "[w]\nrw=write\nsize=64k\nfilename=f\n[r]\nstonewall\nrw=read\nfilename=f\n")
                        .toString());
        assertThat(made.status()).as(made.err()).isNotEqualTo(2);
    }

    @Test
    void aCpuioJobCountsItsBurnsAsRequestsMovesNoBytesAndMakesNoFile() throws Exception {
        Path json = dir.resolve("cpu.json");
        InProcessMain.Result r = InProcessMain.run("run", "--no-store", "--sample-interval", "0", "-o",
                json.toString(), job("cpu.fio", "[burn]\nioengine=cpuio\ncpuload=50\ncpuchunks=2000\nruntime=300ms\n"
                        + "time_based\n").toString());
        assertThat(r.status()).as(r.err()).isZero();
        com.fasterxml.jackson.databind.JsonNode totals = org.iobench.testing.ResultSchema.assertValid(
                Files.readString(json)).path("benchmarks").path(0).path("runs").path(0).path("totals");
        assertThat(totals.path("ops").asLong()).isPositive();
        assertThat(totals.path("totalBytes").isNumber()).isTrue();
        assertThat(totals.path("totalBytes").asLong()).isZero();
        assertThat(dir.resolve("burn.0.0")).doesNotExist();
    }

    @Test
    void anExecJobRunsItsProgramBesideTheStageWithItsOutputInNameFilesAndEndsItWithSigterm() throws Exception {
        Path script = Files.writeString(dir.resolve("prog.sh"), "#!/bin/sh\ntrap 'echo term > $1; exit 0' TERM\n"
                + "echo started $2\nwhile true; do sleep 0.05; done\n");
        script.toFile().setExecutable(true);
        Path file = Files.writeString(dir.resolve("exec.fio"), "[global]\nruntime=300ms\ntime_based\n[watch]\n"
                + "ioengine=exec\nprogram=" + script + "\narguments=" + dir.resolve("term.out") + " %n\n"
                + "grace_time=2\n[burn]\nioengine=cpuio\ncpuload=20\ncpuchunks=1000\n");
        Cli.Result r = Cli.run(dir, "run", "--no-store", "--sample-interval", "0", "-o", "exec.json",
                file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        org.iobench.testing.ResultSchema.assertValid(Files.readString(dir.resolve("exec.json")));
        assertThat(Files.readString(dir.resolve("watch.stdout"))).isEqualTo("started watch\n");
        assertThat(Files.readString(dir.resolve("term.out"))).as("SIGTERM at the job's end").isEqualTo("term\n");
        InProcessMain.Result missing = InProcessMain.run("run", "--no-store", "--sample-interval", "0",
                job("gone.fio", "[g]\nioengine=exec\nprogram=/nonexistent/tool\nruntime=100ms\nstd_redirect=0\n")
                        .toString());
        assertThat(missing.status()).as(missing.err()).isZero();
        assertThat(missing.err()).contains("program=/nonexistent/tool: not found or not executable");
        InProcessMain.Result endless = InProcessMain.run("run", job("endless.fio", "[e]\nioengine=exec\n"
                + "program=/bin/true\n").toString());
        assertThat(endless.status()).isEqualTo(2);
        assertThat(endless.err()).contains("never ends in fio");
    }

    @Test
    void fillDeviceWritesUntilTheFileSystemIsFullAndEndsNormally() throws Exception {
        org.iobench.testing.Root.assumeSysAdmin("mounts a small tmpfs and fills it");
        Path mnt = dir.resolve("small");
        org.iobench.testing.Root.mountTmpfs(mnt, "2m");
        try {
            Path json = dir.resolve("fill.json");
            // size= above the free space: ENOSPC ends the job (without size= it would be the free space)
            InProcessMain.Result r = InProcessMain.run("run", "--no-store", "--sample-interval", "0", "-o",
                    json.toString(), Files.writeString(dir.resolve("fill.fio"), "[w]\nrw=write\nbs=64k\nsize=8m\n"
                            + "fill_device=1\nfilename=" + mnt.resolve("f") + "\n").toString());
            assertThat(r.status()).as(r.err()).isZero();
            com.fasterxml.jackson.databind.JsonNode b = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(json.toFile()).path("benchmarks").path(0);
            assertThat(b.path("complete").asBoolean()).isTrue();
            assertThat(b.path("runs").path(0).path("totals").path("writeBytes").asLong())
                    .isEqualTo(2L << 20);
            try (var files = Files.list(mnt)) {
                assertThat(files).as("the scratch file is removed").isEmpty();
            }
        } finally {
            org.iobench.testing.Root.umount(mnt);
        }
        InProcessMain.Result read = InProcessMain.run("run", job("fr.fio", "[r]\nrw=read\nsize=1m\nfill_device=1\n")
                .toString());
        assertThat(read.status()).isEqualTo(2);
        assertThat(read.err()).contains("fill_device=1").contains("sequential write jobs only");
    }

    @Test
    void includedFilesAreReadBesideTheJobFileAndGroupReportingPrintsOneLine() throws Exception {
        Files.writeString(dir.resolve("common.inc"), "bs=64k\nsize=256k\n");
        Path file = job("inc.fio", "group_reporting\n[j]\ninclude common.inc\nrw=write\nnumjobs=2\n");
        InProcessMain.Result r = InProcessMain.run("run", "--no-store", "--sample-interval", "0", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("group g0 (2 jobs in parallel, reported as one: group_reporting)")
                .containsPattern("\\n2 +write 64KiB");
    }

    @Test
    void lenientPrintsWhatItIgnoredAndWhatItSkipped() throws Exception {
        Path file = job("len.fio", "size=64k\nbs=4k\n[a]\nrw=read\nwrite_hist_log=x\n[b]\nrw=read\nlockfile=exclusive\n");
        InProcessMain.Result r = InProcessMain.run("run", "--lenient", "--no-store", "--sample-interval", "0",
                file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).contains("iobench: warning: " + file + ":7: write_hist_log=x")
                .contains("iobench: " + file + ":8: job [b] skipped: " + file + ":10: lockfile=exclusive");
        assertThat(r.out()).contains("a: read").doesNotContain("b: read");
    }
}
