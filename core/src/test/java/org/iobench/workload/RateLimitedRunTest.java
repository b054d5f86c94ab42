package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.Schedule;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real paced runs on a cached file, on a clock that never sleeps ({@link TickingClock}): the schedule, not the sleeps,
 * sets the rate.
 */
class RateLimitedRunTest {
    @TempDir
    Path dir;

    /** An 8 MiB file that exists already, so a time-based job reads it over and over from the page cache. */
    private Path cached(String name) throws IOException {
        return java.nio.file.Files.write(dir.resolve(name), new byte[8 << 20]);
    }

    private static RunResult run(JobSpec spec, long intervalNanos) throws IOException {
        return new Benchmark(TargetPreparer.system(), TickingClock.standard(), intervalNanos, 0)
                .execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
    }

    /**
     * The most requests a paced run may have issued: one per due time up to its end, per worker, plus a queue's worth
     * issued at once. How close it comes from below depends on how much CPU the machine gave it, which a test
     * cannot promise: bench/rate-vs-fio.sh measures the accuracy side by side with fio.
     */
    private static long mostAllowed(RunResult r, double opsPerSecond, int workers, int iodepth) {
        return (long) Math.ceil(opsPerSecond * r.totals().elapsedSeconds()) + (long) workers * (iodepth + 1);
    }

    @Test
    void aPacedRunNeverRunsAheadOfTheRateAndMeasuresLatencyFromTheIntendedStart() throws IOException {
        JobSpec spec = JobSpec.builder(cached("cached")).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(0).timeNanos(2_000_000_000L).threads(2).rate(RateLimit.iops(3000)).build();
        RunResult r = run(spec, 1_000_000_000L);
        long ops = r.totals().reads();
        System.out.printf("rate asked 3000 IOPS, achieved %.1f IOPS over %.3f s%n", r.totals().iops(),
                r.totals().elapsedSeconds());
        assertThat(ops).isPositive().isLessThanOrEqualTo(mostAllowed(r, 3000, 2, 1));
        assertThat(r.extras().pacing().targetOpsPerSecond()).isEqualTo(3000.0);
        assertThat(r.extras().pacing().correctedReadLatency().count()).isEqualTo(r.latencies().read().count());
        assertThat(r.extras().pacing().correctedReadLatency().p50Ns())
                .as("measured from the intended start, never from later than the issue")
                .isGreaterThanOrEqualTo(r.latencies().read().p50Ns());
        assertThat(r.extras().pacing().correctedReadLatency().maxNs())
                .isGreaterThanOrEqualTo(r.latencies().read().maxNs());
    }

    @Test
    void anAsyncEngineIsPacedTooWithItsQueueCommittedBeforeEachSleep() throws IOException {
        JobSpec spec = JobSpec.builder(cached("uring")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(0)
                .engine("uring").iodepth(4).timeNanos(1_000_000_000L).rate(RateLimit.iops(4000)).build();
        RunResult r = run(spec, 1_000_000_000L);
        assertThat(r.totals().reads()).isPositive().isLessThanOrEqualTo(mostAllowed(r, 4000, 1, 4));
        assertThat(r.extras().pacing().targetOpsPerSecond()).isEqualTo(4000.0);
        assertThat(r.extras().pacing().correctedReadLatency().count()).isEqualTo(r.latencies().read().count());
        assertThat(r.extras().pacing().correctedReadLatency().p50Ns())
                .isGreaterThanOrEqualTo(r.latencies().read().p50Ns());
    }

    @Test
    void aByteRateIsHeldAsRequestsOfTheBlockSize() throws IOException {
        JobSpec spec = JobSpec.builder(cached("bytes")).rw(RwMode.READ).blockSize(64 << 10).sizeBytes(0)
                .timeNanos(1_000_000_000L).rate(RateLimit.parse("32MiB/s")).build();
        RunResult r = run(spec, 1_000_000_000L);
        assertThat(r.extras().pacing().targetOpsPerSecond()).as("32 MiB/s in 64 KiB requests").isEqualTo(512.0);
        assertThat(r.totals().reads()).isPositive().isLessThanOrEqualTo(mostAllowed(r, 512, 1, 1));
        assertThat(r.totals().bytesRead()).isEqualTo(r.totals().reads() * (64 << 10));
    }

    /**
     * A machine that stops for a while once: when the inner clock first reaches {@code at}, every reading after it is
     * {@code stall} later (all threads were descheduled that long). Waits translate their deadlines to the inner clock.
     */
    private static final class StallingClock implements NanoClock {
        private final TickingClock inner;
        private final long at;
        private final long stall;
        private volatile long offset;

        StallingClock(TickingClock inner, long at, long stall) {
            this.inner = inner;
            this.at = at;
            this.stall = stall;
        }

        private long shift(long innerNanos) {
            if (innerNanos >= at) {
                offset = stall;
            }
            return innerNanos + offset;
        }

        @Override
        public long nanoTime() {
            return shift(inner.nanoTime());
        }

        @Override
        public void idle(long deadlineNanos, long maxNanos) {
            inner.idle(deadlineNanos - offset, maxNanos);
        }

        @Override
        public void awaitOthers(long deadlineNanos, long maxNanos) {
            inner.awaitOthers(deadlineNanos - offset, maxNanos);
        }
    }

    @Test
    @Timeout(120)
    void aPacedJobInAFlowMakesUpAStallAndKeepsItsRateAndItsShare() throws IOException {
        TickingClock ticking = new TickingClock(1_000);
        long start = ticking.nanoTime();
        NanoClock clock = new StallingClock(ticking, start + 500_000_000L, 200_000_000L);
        long time = 2_000_000_000L;
        JobSpec.Builder b = JobSpec.builder(dir.resolve("none")).engine("null").rw(RwMode.READ).blockSize(4096)
                .sizeBytes(1L << 40).timeNanos(time).group("flow");
        JobSpec paced = b.name("paced").rate(RateLimit.iops(1000))
                .schedule(new Schedule(0, 0, 1, 4201, 1, 0, 0, 0, 1000, null, false, false, null)).build();
        JobSpec unpaced = b.name("unpaced").rate(null)
                .schedule(new Schedule(0, 0, 1, 4201, 8, 0, 0, 0, 1000, null, false, false, null)).build();
        List<BenchmarkResult> results = new GroupRunner(() -> new Benchmark(TargetPreparer.system(), clock,
                1_000_000_000L, 0)).execute(List.of(paced, unpaced), new RunControl(), RunListener.NONE);
        RunResult p = results.get(0).runs().getFirst();
        RunResult u = results.get(1).runs().getFirst();
        System.out.printf("paced %d reads in %.3f s, unpaced %d%n", p.totals().reads(), p.totals().elapsedSeconds(),
                u.totals().reads());
        assertThat(p.totals().reads()).as("the slots of the 200 ms stall made up: 1000 a second over the run")
                .isBetween((long) (1000 * p.totals().elapsedSeconds()) - 2, mostAllowed(p, 1000, 1, 1));
        assertThat((double) u.totals().reads() / p.totals().reads()).as("the flow's 8:1").isBetween(7.9, 8.1);
    }

    @Test
    void aSteadyRunEndsEarlyAndSaysWhen() throws IOException {
        JobSpec spec = JobSpec.builder(cached("steady")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(0)
                .timeNanos(10_000_000_000L).rate(RateLimit.iops(2000))
                .steady(SteadyCriterion.parse("iops:25%", 400_000_000L)).build();
        RunResult r = run(spec, 100_000_000L);
        assertThat(r.complete()).isTrue();
        assertThat(r.extras().steady().reached()).isTrue();
        assertThat(r.extras().steady().window()).hasSize(4);
        // the window must have been filled before steadiness can be declared, and the run ends early because of it
        assertThat(r.extras().steady().reachedAtNanos()).isGreaterThanOrEqualTo(400_000_000L)
                .isLessThanOrEqualTo(r.totals().elapsedNanos());
        assertThat(r.totals().elapsedNanos()).isLessThan(spec.timing().timeNanos());
    }

    @Test
    void aRunWithoutRateOrSteadyCarriesNeither() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("plain")).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(1 << 20).build(), 1_000_000_000L);
        assertThat(r.extras().pacing()).isNull();
        assertThat(r.extras().steady()).isNull();
    }
}
