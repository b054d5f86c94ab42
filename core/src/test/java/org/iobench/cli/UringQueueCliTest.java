package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.store.Databases;
import org.iobench.testing.ResultSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The io_uring queue's options from the command line and from a job file: they run, the run's job says so (valid
 * against the schema, kept by the store), and what cannot be done is refused in one line before any I/O.
 */
class UringQueueCliTest {
    @TempDir
    Path dir;

    @Test
    void aSubmissionThreadAndReapingBoundsRunAndAreKeptWithTheRun() throws Exception {
        String db = Databases.sqlite(dir);
        InProcess.Result run = InProcess.run("run", "--engine", "uring", "--iodepth", "8", "--rw", "randread",
                "--bs", "4k", "--size", "1m", "--sq-poll", "--reap-min", "2", "--reap-max", "4", "--db", db,
                "--format", "json", dir.resolve("f").toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode job = ResultSchema.assertValid(run.out()).path("benchmarks").get(0).path("job");
        JsonNode s = job.path("submission");
        assertThat(s.path("submitThread").asBoolean()).isTrue();
        assertThat(s.path("registerFiles").asBoolean()).as("as fio's sqthread_poll").isTrue();
        assertThat(s.path("reapMin").asInt()).isEqualTo(2);
        assertThat(s.path("reapMax").asInt()).isEqualTo(4);
        InProcess.Result shown = InProcess.run("show", "--db", db, "--format", "json", "1");
        assertThat(shown.status()).as(shown.err()).isZero();
        assertThat(shown.out()).contains("\"submitThread\" : true").contains("\"reapMax\" : 4");
    }

    @Test
    void aJobFileWithRegisterfilesAndBatchCompleteRunsAndAPlainOneWritesNoSubmission() throws Exception {
        Path file = dir.resolve("j.fio");
        Files.writeString(file, "[j]\nioengine=io_uring\nfilename=" + dir.resolve("g") + "\nsize=1m\nbs=4k\n"
                + "rw=randread\niodepth=8\nregisterfiles\niodepth_batch_submit=4\niodepth_batch_complete_min=0\n"
                + "iodepth_batch_complete_max=8\n[plain]\nstonewall\nioengine=io_uring\nfilename=" + dir.resolve("g")
                + "\nsize=1m\nbs=4k\nrw=read\niodepth=4\n");
        InProcess.Result run = InProcess.run("run", "--no-store", "--format", "json", file.toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode doc = ResultSchema.assertValid(run.out());
        JsonNode job = doc.path("benchmarks").get(0).path("job");
        assertThat(job.path("batch").asInt()).isEqualTo(4);
        assertThat(job.path("submission").path("registerFiles").asBoolean()).isTrue();
        assertThat(job.path("submission").path("reapMin").asInt()).isZero();
        assertThat(doc.path("benchmarks").get(0).path("runs").get(0).path("totals").path("reads").asLong())
                .isEqualTo(256);
        assertThat(doc.path("benchmarks").get(1).path("job").has("submission")).isFalse();
    }

    @Test
    void whatCannotBeDoneIsRefusedInOneLineBeforeAnyIo() {
        Path target = dir.resolve("never");
        InProcess.Result buffered = InProcess.run("run", "--engine", "uring", "--hipri", "--size", "1m", "--no-store",
                target.toString());
        assertThat(buffered.status()).isEqualTo(2);
        assertThat(buffered.err().strip()).startsWith("iobench: --hipri").contains("--direct").doesNotContain("\n");
        InProcess.Result other = InProcess.run("run", "--engine", "libaio", "--sq-poll", "--size", "1m", "--no-store",
                target.toString());
        assertThat(other.status()).isEqualTo(2);
        assertThat(other.err().strip()).startsWith("iobench: --sq-poll (sqthread_poll):").doesNotContain("\n");
        assertThat(target).as("nothing laid out").doesNotExist();
    }
}
