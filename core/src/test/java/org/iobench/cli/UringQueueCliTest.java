package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.iobench.store.Databases;
import org.iobench.sysmon.AllowedCpus;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.PolledCompletions;
import org.iobench.testing.ResultSchema;
import org.iobench.testing.Root;
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

    /** Each refusal: exit 2, one line starting with what is named, and the target never made. */
    private void refused(String expected, String... args) {
        Path target = dir.resolve("never");
        String[] all = Stream.of(Stream.of("run"), Arrays.stream(args), Stream.of("--size", "1m", "--no-store",
                target.toString())).flatMap(a -> a).toArray(String[]::new);
        InProcess.Result r = InProcess.run(all);
        assertThat(r.status()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).as(String.join(" ", args)).startsWith("iobench: " + expected)
                .doesNotContain("\n");
        assertThat(r.out()).isEmpty();
        assertThat(target).as("nothing laid out for " + String.join(" ", args)).doesNotExist();
    }

    @Test
    void eachQueueOptionAnEngineOrTheMachineCannotHonourIsRefusedBeforeAnyIo() throws Exception {
        refused("--register-files (registerfiles): registers the job's files with", "--engine", "psync",
                "--register-files");
        refused("--hipri (hipri): polls for completions with", "--engine", "libaio", "--hipri", "--direct");
        refused("--hipri on: polled completions take reads and writes only", "--engine", "uring", "--hipri",
                "--direct", "--rw", "write", "--fsync-every", "4");
        refused("--hipri on: polled completions take reads and writes only", "--engine", "uring", "--hipri",
                "--direct", "--rw", "write", "--sync", "dsync");
        refused("--reap-min 2: the psync engine completes each request inside its call", "--engine", "psync",
                "--reap-min", "2");
        refused("--reap-max 4: ", "--engine", "psync", "--reap-max", "4");
        if (!AllowedCpus.ofThisProcess().allows(4096)) {
            refused("--sq-poll-cpu 4096 (sqthread_poll_cpu=4096): not a CPU this process may run on",
                    "--engine", "uring", "--sq-poll-cpu", "4096");
        }
        Files.createDirectories(dir);
        if (PolledCompletions.whyNot(DeviceResolver.system().resolve(dir.resolve("never")), BlockDevices.system())
                .isPresent()) {
            refused("--hipri (hipri): ", "--engine", "uring", "--hipri", "--direct");
        }
    }

    @Test
    void aJobFilesQueueOptionsAreRefusedByFiosNamesAndSyncEnginesIgnoreReaping() throws Exception {
        assumeTrue(!AllowedCpus.ofThisProcess().allows(4096), "this process may run on CPU 4096");
        Path target = dir.resolve("never");
        Path file = dir.resolve("cpu.fio");
        Files.writeString(file, "[j]\nioengine=io_uring\nfilename=" + target + "\nsize=1m\nrw=randread\n"
                + "sqthread_poll=1\nsqthread_poll_cpu=4096\n");
        InProcess.Result cpu = InProcess.run("run", "--no-store", file.toString());
        assertThat(cpu.status()).as(cpu.err()).isEqualTo(2);
        assertThat(cpu.err().strip()).contains("sqthread_poll_cpu=4096").doesNotContain("\n");
        assertThat(target).doesNotExist();

        Path sync = dir.resolve("sync.fio");
        Files.writeString(sync, "[j]\nioengine=psync\nfilename=" + dir.resolve("g") + "\nsize=64k\nbs=4k\n"
                + "rw=read\niodepth_batch_complete_min=2\niodepth_batch_complete_max=4\n");
        InProcess.Result run = InProcess.run("run", "--no-store", "--format", "json", sync.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).contains("iodepth_batch_complete_min with a synchronous engine does nothing, as in fio")
                .contains("iodepth_batch_complete_max with a synchronous engine does nothing");
        JsonNode job = ResultSchema.assertValid(run.out()).path("benchmarks").get(0).path("job");
        assertThat(job.has("submission")).as("no reaping recorded that nothing did").isFalse();
    }

    @Test
    void polledCompletionsOnALoopDeviceAreRefusedAndNothingIsWritten() throws Exception {
        Root.assumeLoopDevices("--hipri asked of a loop device made for the test");
        Path image = dir.resolve("poll.img");
        byte[] pattern = new byte[1 << 20];
        Arrays.fill(pattern, (byte) 0x5a);
        Files.write(image, pattern);
        Path loop = Root.losetup(image);
        try {
            assumeTrue(PolledCompletions.whyNot(DeviceResolver.system().resolve(loop), BlockDevices.system())
                    .isPresent(), "this kernel's loop driver polls for completions");
            InProcess.Result r = InProcess.run("run", "--no-store", "--engine", "uring", "--hipri", "--direct",
                    "--rw", "write", "--bs", "4k", "--allow-overwrite", loop.toString());
            assertThat(r.status()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("iobench: --hipri (hipri): " + loop + " does not poll for"
                    + " completions (").doesNotContain("\n");
        } finally {
            Root.detach(loop);
        }
        assertThat(Files.readAllBytes(image)).as("not a byte written").isEqualTo(pattern);
    }
}
