package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Test;
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
