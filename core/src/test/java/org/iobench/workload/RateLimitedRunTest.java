package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.SteadyCriterion;
import org.iobench.measure.NanoClock;
import org.iobench.result.RunResult;
import org.iobench.workload.target.TargetPreparer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real paced runs on a cached file: the schedule, not the sleeps, sets the rate. */
class RateLimitedRunTest {
    @TempDir
    Path dir;

    /** An 8 MiB file that exists already, so a time-based job reads it over and over from the page cache. */
    private Path cached(String name) throws IOException {
        return java.nio.file.Files.write(dir.resolve(name), new byte[8 << 20]);
    }

    private static RunResult run(JobSpec spec, long intervalNanos) throws IOException {
        return new Benchmark(TargetPreparer.system(), NanoClock.SYSTEM, intervalNanos, 0)
                .execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
    }

    @Test
    void aRequestedRateIsHeldWithinTwoPercentOverFiveSeconds() throws IOException {
        JobSpec spec = JobSpec.builder(cached("cached")).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(0).timeNanos(5_000_000_000L).threads(2).rate(RateLimit.iops(3000)).build();
        RunResult r = run(spec, 1_000_000_000L);
        double iops = r.totals().iops();
        System.out.printf("rate asked 3000 IOPS, achieved %.1f IOPS (%+.3f%%) over %.3f s%n", iops,
                (iops / 3000 - 1) * 100, r.totals().elapsedSeconds());
        assertThat(iops).isBetween(3000 * 0.98, 3000 * 1.02);
        assertThat(r.pacing().targetOpsPerSecond()).isEqualTo(3000.0);
        assertThat(r.pacing().correctedReadLatency().count()).isEqualTo(r.readLatency().count());
        assertThat(r.pacing().correctedReadLatency().p50Ns())
                .as("measured from the intended start, never from later than the issue")
                .isGreaterThanOrEqualTo(r.readLatency().p50Ns());
        assertThat(r.pacing().correctedReadLatency().maxNs()).isGreaterThanOrEqualTo(r.readLatency().maxNs());
    }

    @Test
    void anAsyncEngineIsPacedTooWithItsQueueCommittedBeforeEachSleep() throws IOException {
        JobSpec spec = JobSpec.builder(cached("uring")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(0)
                .engine("uring").iodepth(4).timeNanos(1_000_000_000L).rate(RateLimit.iops(4000)).build();
        RunResult r = run(spec, 1_000_000_000L);
        assertThat(r.totals().iops()).isBetween(4000 * 0.98, 4000 * 1.02);
        assertThat(r.pacing().correctedReadLatency().count()).isEqualTo(r.readLatency().count());
        assertThat(r.pacing().correctedReadLatency().p50Ns()).isGreaterThanOrEqualTo(r.readLatency().p50Ns());
    }

    @Test
    void aByteRateIsHeldAsRequestsOfTheBlockSize() throws IOException {
        JobSpec spec = JobSpec.builder(cached("bytes")).rw(RwMode.READ).blockSize(64 << 10).sizeBytes(0)
                .timeNanos(1_000_000_000L).rate(RateLimit.parse("32MiB/s")).build();
        RunResult r = run(spec, 1_000_000_000L);
        assertThat(r.totals().bytesPerSecond()).isBetween(0.9 * (32 << 20), 1.1 * (32 << 20));
    }

    @Test
    void aSteadyRunEndsEarlyAndSaysWhen() throws IOException {
        JobSpec spec = JobSpec.builder(cached("steady")).rw(RwMode.RANDREAD).blockSize(4096).sizeBytes(0)
                .timeNanos(10_000_000_000L).rate(RateLimit.iops(2000))
                .steady(SteadyCriterion.parse("iops:25%", 400_000_000L)).build();
        RunResult r = run(spec, 100_000_000L);
        assertThat(r.complete()).isTrue();
        assertThat(r.steady().reached()).isTrue();
        assertThat(r.steady().window()).hasSize(4);
        assertThat(r.steady().reachedAtNanos()).isBetween(400_000_000L, 5_000_000_000L);
        assertThat(r.totals().elapsedNanos()).isLessThan(r.steady().reachedAtNanos() + 500_000_000L);
        assertThat(r.totals().elapsedSeconds()).isLessThan(6);
    }

    @Test
    void aRunWithoutRateOrSteadyCarriesNeither() throws IOException {
        RunResult r = run(JobSpec.builder(dir.resolve("plain")).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(1 << 20).build(), 1_000_000_000L);
        assertThat(r.pacing()).isNull();
        assertThat(r.steady()).isNull();
    }
}
