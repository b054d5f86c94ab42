package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.iobench.catalog.EngineDescription;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.job.Access;
import org.iobench.job.Distribution;
import org.iobench.job.JobSpec;
import org.iobench.job.LogSpec;
import org.iobench.job.RwMode;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Assumptions;
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

    /**
     * Each slice runs on a new engine, as each run's worker does: the first requests on a fresh engine take branches
     * later ones never take (an io_uring ring made disabled is enabled at its first submit), and a loop compiled on
     * one engine met them first in the measured window (an uncommon trap there, the loop back in the interpreter).
     */
    @Test
    void everySliceRunsOnAFreshEngineAsEachRunsWorkerDoes() {
        EngineProvider uring = Engines.require("uring");
        Assumptions.assumeTrue(uring.unavailable().isEmpty(), () -> "io_uring: " + uring.unavailable().orElse(""));
        AtomicInteger made = new AtomicInteger();
        EngineProvider counting = new EngineProvider() {
            @Override
            public EngineDescription description() {
                return uring.description();
            }

            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                made.incrementAndGet();
                return uring.create(options);
            }
        };
        // a depth no other test warms, so that no earlier warm-up of this JVM has settled this kind of job
        JobSpec spec = JobSpec.builder(dir.resolve("u")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(1 << 20)
                .engine(uring.name()).iodepth(7).build();
        WarmHarness.Outcome o = new WarmHarness(4 * WarmHarness.SLICE_NANOS).warm(spec, counting,
                new TickingClock(20_000), INTERVAL, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.slices()).hasSizeGreaterThan(1);
        assertThat(made.get()).as("one engine per slice").isEqualTo(o.slices().size());
    }

    /**
     * A job file's first second crosses boundaries a 100 ms slice on the run's own lengths never crossed: its first
     * interval and first log window end ({@code log_avg_msec=1000}), and the random map of a 64 MiB file fills and a
     * new pass begins. The compiled loop met each first inside the window (uncommon traps in
     * {@code IoLogs.completed} and {@code RandomMapBlocks.next}, the loop recompiled while the window ran); the
     * warm-up's slices cross them all, and still walk the job's own region too.
     */
    @Test
    void theWarmUpCrossesTheBoundariesOfTheRunsFirstSecond() {
        long size = 64L << 20;
        JobSpec spec = JobSpec.builder(dir.resolve("j")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(size)
                .engine("psync").iodepth(1).timeNanos(3_000_000_000L)
                .access(new Access(null, null, true, Distribution.UNIFORM, 0, 0, 0))
                .logs(new LogSpec("r", null, "r", 1000, false, false, true, 1, false)).build();
        WarmHarness.Outcome o = new WarmHarness(4 * WarmHarness.SLICE_NANOS).warm(spec, Engines.require("psync"),
                new TickingClock(5_000), 1_000_000_000L, new RunControl());
        assertThat(o.ran()).isTrue();
        assertThat(o.slices()).as("intervals closed within a slice").anyMatch(s -> s.intervals() > 1);
        assertThat(o.slices()).as("log windows closed within a slice").anyMatch(s -> s.logWindows() > 0);
        assertThat(o.slices()).as("a slice that filled its random map and began a new pass")
                .anyMatch(s -> s.requests() > s.regionBytes() / 4096);
        assertThat(o.slices()).as("a slice over the job's own region").anyMatch(s -> s.regionBytes() == size);
    }
}
