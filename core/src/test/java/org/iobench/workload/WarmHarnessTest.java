package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iobench.engine.Engines;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * iobench's own warm-up runs the job's loop on /dev/zero before the window: it counts nothing, touches nothing of
 * the target, is bounded by its budget on the run's clock, and a warm-up that did not settle is said in the run's
 * warnings. On {@link TickingClock}; whether the JIT settles is the machine's, so no test asserts that it does.
 */
class WarmHarnessTest {
    private static final long INTERVAL = 100_000_000L;

    @TempDir
    Path dir;

    private RunResult run(JobSpec spec, WarmHarness harness) throws IOException {
        return new Benchmark(TargetPreparer.system(), new JobRunner(new TickingClock(20_000), INTERVAL, 0, harness)).execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
    }

    @Test
    void aWarmUpThatCannotSettleInItsBudgetIsSaidAndCountsNothing() throws IOException {
        Path f = dir.resolve("r");
        JobSpec spec = JobSpec.builder(f).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(4 << 20).iodepth(1).build();
        // one slice of budget: fewer than the slices it needs to settle, whatever the JIT does
        RunResult r = run(spec, new WarmHarness(WarmHarness.SLICE_NANOS));
        assertThat(r.totals().reads()).as("exactly the job's requests").isEqualTo(1024);
        assertThat(r.totals().bytesRead()).isEqualTo(4 << 20);
        assertThat(r.evidence().accounting().appBytesRead()).as("the workers read only the job's bytes")
                .isEqualTo(4L << 20);
        assertThat(r.outcome().warnings()).anyMatch(w -> w.contains("still being compiled"));
    }

    @Test
    void offMeansNoWarmUpAndNoWarning() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("o")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(1 << 20)
                .build(), new WarmHarness(0));
        assertThat(r.totals().reads()).isEqualTo(256);
        assertThat(r.outcome().warnings()).noneMatch(w -> w.contains("compiled"));
    }

    @Test
    void aWriteJobsWarmUpWritesNothingAnywhereButDevZeroAndIsBoundedByItsBudget() throws IOException {
        Path f = dir.resolve("w");
        byte[] before = new byte[64 << 10];
        java.util.Arrays.fill(before, (byte) 7);
        Files.write(f, before);
        JobSpec spec = JobSpec.builder(f).rw(RwMode.RANDWRITE).blockSize(4096).sizeBytes(64 << 10).iodepth(3)
                .engine("psync").build();
        TickingClock clock = new TickingClock(20_000);
        WarmHarness.Outcome o = new WarmHarness(3 * WarmHarness.SLICE_NANOS).warm(spec,
                Engines.require("psync"), clock, INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.requests()).isPositive();
        assertThat(o.nanos()).isLessThan(4 * WarmHarness.SLICE_NANOS + 10_000_000L);
        assertThat(Files.readAllBytes(f)).as("the target is untouched").isEqualTo(before);
        assertThat(dir.toFile().list()).containsExactly("w");
    }

    @Test
    void jobsItDoesNotWarmAreLeftAlone() {
        JobSpec trim = JobSpec.builder(dir.resolve("c")).rw(RwMode.RANDTRIM).blockSize(4096).sizeBytes(1 << 20)
                .build();
        assertThat(WarmHarness.warms(trim, Engines.require("psync"))).isFalse();
        assertThat(new WarmHarness(WarmHarness.SLICE_NANOS * 10).warm(trim, Engines.require("psync"),
                new TickingClock(20_000), INTERVAL, new RunControl())).isEqualTo(WarmHarness.Outcome.NONE);
    }
}
