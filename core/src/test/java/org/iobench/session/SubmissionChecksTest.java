package org.iobench.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.job.JobSpec;
import org.iobench.job.Submission;
import org.iobench.sysmon.AllowedCpus;
import org.iobench.sysmon.BlockDevices;
import org.iobench.sysmon.DeviceResolver;
import org.iobench.sysmon.PolledCompletions;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel queue's options are refused before any I/O, one line naming the option: an engine that cannot do them,
 * reaping bounds for an engine that completes each request in its call, a submission thread's CPU this process may
 * not use, polled completions on a device that does not poll (the temporary directory's, a loop device).
 */
class SubmissionChecksTest {
    @TempDir
    Path dir;

    private JobSpec spec(String engine, Submission s, boolean direct) {
        return JobSpec.builder(dir.resolve("f")).engine(engine).iodepth(8).direct(direct).submission(s).build();
    }

    @Test
    void anEngineWithoutTheFlagRefusesEachOption() {
        assertThatThrownBy(() -> EngineChecks.check(spec("libaio", Submission.DEFAULT.withSubmitThread(true, -1),
                false))).isInstanceOf(ExitException.class).hasMessageStartingWith("--sq-poll (sqthread_poll): ")
                .hasMessageContaining("the libaio engine cannot")
                .satisfies(e -> assertThat(((ExitException) e).status()).isEqualTo(ExitException.USAGE));
        assertThatThrownBy(() -> EngineChecks.check(spec("libaio", Submission.DEFAULT.withRegisterFiles(true),
                false))).hasMessageStartingWith("--register-files (registerfiles): ");
        assertThatThrownBy(() -> EngineChecks.check(spec("libaio", Submission.DEFAULT.withPolledCompletions(true),
                true))).hasMessageStartingWith("--hipri (hipri): ");
    }

    @Test
    void aSubmissionThreadOnACpuThisProcessMayNotUseIsRefused() {
        int cpu = 4096;
        assumeTrue(!AllowedCpus.ofThisProcess().allows(cpu), "this process may run on CPU " + cpu);
        assertThatThrownBy(() -> EngineChecks.check(spec("uring", Submission.DEFAULT.withSubmitThread(true, cpu),
                false))).isInstanceOf(ExitException.class)
                .hasMessageStartingWith("--sq-poll-cpu 4096 (sqthread_poll_cpu=4096): not a CPU this process may"
                        + " run on (allowed: ");
    }

    @Test
    void polledCompletionsOnADeviceThatDoesNotPollAreRefusedWithTheReason() throws Exception {
        Files.write(dir.resolve("f"), new byte[4096]);
        BlockDevices devices = BlockDevices.system();
        var why = PolledCompletions.whyNot(DeviceResolver.system().resolve(dir.resolve("f")), devices);
        assumeTrue(why.isPresent(), "the temporary directory's device polls for completions");
        assertThatThrownBy(() -> EngineChecks.check(spec("uring", Submission.DEFAULT.withPolledCompletions(true),
                true))).isInstanceOf(ExitException.class)
                .hasMessage("--hipri (hipri): " + why.get() + "; run without it")
                .hasMessageNotContaining("\n");
    }

    @Test
    void reapingBoundsOfAnEngineThatCompletesEachRequestInItsCallAreRefused() {
        JobSpec min = JobSpec.builder(dir.resolve("f")).engine("psync").submission(Submission.DEFAULT.withReaping(2,
                0, false)).build();
        assertThatThrownBy(() -> EngineChecks.check(min)).isInstanceOf(ExitException.class)
                .hasMessageStartingWith("--reap-min 2: the psync engine completes each request inside its call")
                .hasMessageNotContaining("\n")
                .satisfies(e -> assertThat(((ExitException) e).status()).isEqualTo(ExitException.USAGE));
        JobSpec max = JobSpec.builder(dir.resolve("f")).engine("psync").submission(Submission.DEFAULT.withReaping(1,
                4, false)).build();
        assertThatThrownBy(() -> EngineChecks.check(max)).hasMessageStartingWith("--reap-max 4: ");
        JobSpec polling = JobSpec.builder(dir.resolve("f")).engine("psync").submission(Submission.DEFAULT
                .withReaping(0, 0, true)).build();
        assertThatThrownBy(() -> EngineChecks.check(polling)).hasMessageStartingWith("--reap-min 0: ");
        EngineChecks.check(JobSpec.builder(dir.resolve("f")).engine("psync").submission(Submission.DEFAULT
                .withReaping(1, 0, false)).build()); // the default bounds, said out loud
        EngineChecks.check(spec("uring", Submission.DEFAULT.withReaping(2, 4, false), false));
        EngineChecks.check(spec("libaio", Submission.DEFAULT.withReaping(0, 8, false), true));
    }

    @Test
    void anEngineThatCanDoThemTakesEachOption() {
        EngineChecks.check(spec("uring", Submission.DEFAULT.withRegisterFiles(true), false));
        EngineChecks.check(spec("uring", Submission.DEFAULT.withSubmitThread(true, -1).withRegisterFiles(true),
                false));
        int cpu = firstAllowed();
        EngineChecks.check(spec("uring", Submission.DEFAULT.withSubmitThread(true, cpu).withRegisterFiles(true),
                false));
    }

    private static int firstAllowed() {
        AllowedCpus cpus = AllowedCpus.ofThisProcess();
        for (int cpu = 0; cpu < 4096; cpu++) {
            if (cpus.allows(cpu)) {
                return cpu;
            }
        }
        throw new AssertionError("this process may run on no CPU below 4096: " + cpus.text());
    }

    @Test
    void polledCompletionsOnALoopDeviceAreRefused() throws Exception {
        Root.assumeLoopDevices("polled completions asked of a loop device made for the test");
        Path image = Root.sparseFile(dir.resolve("poll.img"), 4 << 20);
        Path loop = Root.losetup(image);
        try {
            var why = PolledCompletions.whyNot(DeviceResolver.system().resolve(loop), BlockDevices.system());
            assumeTrue(why.isPresent(), "this kernel's loop driver polls for completions");
            JobSpec spec = JobSpec.builder(loop).engine("uring").iodepth(8).direct(true)
                    .submission(Submission.DEFAULT.withPolledCompletions(true)).build();
            assertThatThrownBy(() -> EngineChecks.check(spec)).isInstanceOf(ExitException.class)
                    .hasMessageStartingWith("--hipri (hipri): " + loop + " does not poll for completions (")
                    .hasMessageEndingWith("; run without it").hasMessageNotContaining("\n");
        } finally {
            Root.detach(loop);
        }
    }

    @Test
    void theAllowedListReadsAsTheKernelPrintsIt() {
        AllowedCpus cpus = AllowedCpus.parse("0-2,5,7-8");
        assertThat(cpus.allows(0)).isTrue();
        assertThat(cpus.allows(2)).isTrue();
        assertThat(cpus.allows(3)).isFalse();
        assertThat(cpus.allows(5)).isTrue();
        assertThat(cpus.allows(8)).isTrue();
        assertThat(cpus.allows(9)).isFalse();
        assertThat(cpus.text()).isEqualTo("0-2,5,7-8");
    }
}
