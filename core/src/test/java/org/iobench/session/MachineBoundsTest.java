package org.iobench.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.iobench.job.JobSpec;
import org.junit.jupiter.api.Test;

/** The machine's figures decide: threads against tasks, histograms against heap, buffers against memory. */
class MachineBoundsTest {
    private static final long MIB = 1 << 20;
    private static final long GIB = 1L << 30;

    private static JobSpec job(int threads, int iodepth, long bs) {
        return JobSpec.builder(Path.of("/tmp/x")).threads(threads).iodepth(iodepth).blockSize(bs).build();
    }

    @Test
    void workersBeyondTheFreeTasksAreRefusedNamingTheLimit() {
        MachineBounds m = new MachineBounds(100, "kernel.pid_max 400 less the 300 tasks running", 64 * GIB, 64 * GIB,
                MIB);
        assertThatCode(() -> m.check(List.of(List.of(job(100, 1, 4096))))).doesNotThrowAnyException();
        assertThatThrownBy(() -> m.check(List.of(List.of(job(60, 1, 4096), job(41, 1, 4096)))))
                .isInstanceOf(ExitException.class)
                .hasMessage("--threads 60 (101 workers in the 2 jobs that run together): each worker is a thread, and"
                        + " this machine can start 100 more (kernel.pid_max 400 less the 300 tasks running)");
    }

    @Test
    void workersBeyondTheHeapAreRefused() {
        MachineBounds m = new MachineBounds(100_000, "x", 64 * GIB, 400 * MIB, MIB);
        assertThatCode(() -> m.check(List.of(List.of(job(300, 1, 4096))))).doesNotThrowAnyException();
        assertThatThrownBy(() -> m.check(List.of(List.of(job(301, 1, 4096)))))
                .hasMessage("--threads 301: each worker's latency histograms take about 1.0 MiB of heap, and this JVM"
                        + " has 400 MiB free, enough for 300 workers (IOBENCH_JAVA_OPTS=-Xmx... raises it)");
    }

    @Test
    void buffersBeyondTheAvailableMemoryAreRefused() {
        MachineBounds m = new MachineBounds(100_000, "x", 8 * GIB, 64 * GIB, MIB);
        assertThatCode(() -> m.check(List.of(List.of(job(8, 1024, MIB))))).doesNotThrowAnyException();
        assertThatThrownBy(() -> m.check(List.of(List.of(job(8, 1025, MIB)))))
                .hasMessage("--iodepth 1025: 8 workers x 1025 requests in flight x 1MiB buffers need 8.0 GiB of"
                        + " memory; this machine has 8.0 GiB available (MemAvailable)");
        assertThatThrownBy(() -> m.check(List.of(List.of(job(9, 1, GIB)))))
                .hasMessageStartingWith("--threads 9: 9 workers x 1 request in flight x 1GiB buffers need 9.0 GiB");
    }

    @Test
    void jobsRunOneAfterAnotherCountTheirResultsAgainstTheHeap() {
        MachineBounds m = new MachineBounds(100_000, "x", 64 * GIB, 400 * MIB, MIB);
        List<List<JobSpec>> ok = Collections.nCopies(300, List.of(job(1, 1, 4096)));
        assertThatCode(() -> m.check(ok)).doesNotThrowAnyException();
        List<List<JobSpec>> many = Collections.nCopies(301, List.of(job(1, 1, 4096)));
        assertThatThrownBy(() -> m.check(many)).hasMessageStartingWith("jobs: 301 in one command;");
    }

    @Test
    void theMachineItselfRunsAnOrdinaryJob() {
        assertThatCode(() -> MachineBounds.system().check(List.of(List.of(job(4, 32, MIB)))))
                .doesNotThrowAnyException();
        assertThat(MachineBounds.system().freeTasks()).isPositive();
    }
}
