package org.iobench.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Outcome;
import org.iobench.result.RunResult;
import org.iobench.store.StoreFixtures;
import org.iobench.workload.LiveView;
import org.junit.jupiter.api.Test;

/** The live progress line, driven by made-up clock readings: no terminal, no sleeping, no wall clock. */
class ProgressTest {
    private static final long S = 1_000_000_000L;

    /** A run in progress whose figures the test sets. */
    static final class FakeLive implements LiveView {
        long elapsedNanos;
        long bytes;
        long requests;
        long plannedBytes = -1;

        @Override public long elapsedNanos() { return elapsedNanos; }
        @Override public long bytes() { return bytes; }
        @Override public long bytesRead() { return bytes; }
        @Override public long bytesWritten() { return 0; }
        @Override public long bytesTrimmed() { return 0; }
        @Override public long requests() { return requests; }
        @Override public long plannedBytes() { return plannedBytes; }
    }

    private static JobSpec timed(String name, long seconds, int runs) {
        return JobSpec.builder(Path.of("/data")).name(name).rw(RwMode.READ).blockSize(4096).timeNanos(seconds * S)
                .runs(runs).build();
    }

    private static RunResult result(int run, boolean complete) {
        BenchmarkResult b = StoreFixtures.result("/data", RwMode.READ, 4096, 1, false, 100e6, 100e6, 100e6);
        RunResult r = b.runs().get(run - 1);
        return complete ? r : new RunResult(r.run(), r.startedAt(),
                new Outcome(false, "EIO", r.outcome().failure(), r.outcome().warnings()), r.totals(), r.latencies(),
                r.intervals(), r.workers(), r.evidence(), r.extras());
    }

    @Test
    void theEtaOfATimedJobCountsTheRestOfThisRunAndTheWholeOfTheRunsToCome() {
        JobSpec job = timed("seq-read", 10, 3);
        Progress p = new Progress(List.of(job));
        FakeLive live = new FakeLive();
        p.runStarted(job, 1, live, 100 * S);
        live.elapsedNanos = 2 * S;
        live.bytes = 200_000_000;
        String line = p.line(102 * S);
        assertThat(line).startsWith("[1/3] seq-read run 1/3: 2.0 s of 10 s, 191 MiB")
                .endsWith(", ETA 0:28"); // 8 s left of this run, 10 s for each of the two others
        assertThat(p.etaNanos(102 * S)).isEqualTo(28 * S);
    }

    @Test
    void theEtaIsUpdatedFromWhatFinishedRunsTookOnceOneHasEnded() {
        JobSpec job = timed("seq-read", 10, 3);
        Progress p = new Progress(List.of(job));
        FakeLive first = new FakeLive();
        p.runStarted(job, 1, first, 0);
        assertThat(p.runEnded(job, result(1, true), 12 * S)).isNull(); // 10 s measured + 2 s of sync and set-up
        FakeLive second = new FakeLive();
        p.runStarted(job, 2, second, 12 * S);
        second.elapsedNanos = 5 * S;
        assertThat(p.line(17 * S)).startsWith("[2/3] seq-read run 2/3: 5.0 s of 10 s").endsWith(", ETA 0:17");
        second.elapsedNanos = 9 * S;
        assertThat(p.etaNanos(21 * S)).isEqualTo(13 * S); // it moves with the clock, not frozen at the run's start
    }

    @Test
    void theCurrentRateAndIopsComeFromTheChangeSinceThePreviousLine() {
        JobSpec job = timed("rand-read", 10, 1);
        Progress p = new Progress(List.of(job));
        FakeLive live = new FakeLive();
        p.runStarted(job, 1, live, 0);
        live.elapsedNanos = 1 * S;
        live.bytes = 50_000_000;
        live.requests = 12_207;
        assertThat(p.line(S)).contains(", 50.0 MB/s, 12.2k IOPS");
        live.elapsedNanos = 2 * S;
        live.bytes = 150_000_000;
        live.requests = 36_621;
        assertThat(p.line(2 * S)).contains(", 100 MB/s, 24.4k IOPS").doesNotContain("[1/1]");
    }

    @Test
    void aSizeBasedRunSaysHowMuchOfItsSizeIsDoneAndEstimatesItsRestFromTheRateSoFar() {
        JobSpec job = JobSpec.builder(Path.of("/data/f")).name("seq-write").rw(RwMode.WRITE).blockSize(1 << 20)
                .sizeBytes(1L << 30).runs(2).build();
        Progress p = new Progress(List.of(job));
        FakeLive live = new FakeLive();
        live.plannedBytes = 1L << 30;
        p.runStarted(job, 1, live, 0);
        live.elapsedNanos = 2 * S;
        live.bytes = 256L << 20;
        assertThat(p.line(2 * S)).startsWith("[1/2] seq-write run 1/2: 2.0 s, 256 MiB of 1.0 GiB, ")
                .endsWith("ETA 0:14"); // 6 s for the rest of this run, 8 s for the next at this rate
    }

    @Test
    void fillingANewFileIsAPhaseWithItsPercentage() {
        JobSpec job = timed("rand-read", 10, 1);
        Progress p = new Progress(List.of(job, timed("rand-write", 10, 1)));
        Path scratch = Path.of("/data/.iobench-1557-1.tmp");
        p.filling(job, scratch, 0, 1L << 30, 0);
        p.filling(job, scratch, 397L << 20, 1L << 30, 2 * S);
        assertThat(p.line(2 * S)).isEqualTo("[1/2] rand-read: filling 1.0 GiB scratch file: 38 %, ETA 0:24");
        // the fill's rest at its rate so far (~3.2 s), then both 10 s runs
    }

    @Test
    void theWarmUpIsShownAsSuchAndCountsInTheEta() {
        JobSpec job = JobSpec.builder(Path.of("/data")).name("w").rw(RwMode.READ).blockSize(4096)
                .timeNanos(10 * S).rampNanos(2 * S).runs(1).build();
        Progress p = new Progress(List.of(job));
        FakeLive live = new FakeLive();
        live.elapsedNanos = -2 * S;
        p.runStarted(job, 1, live, 0);
        live.elapsedNanos = -1 * S;
        assertThat(p.line(S)).isEqualTo("w run 1/1: warm-up 1.0 s of 2.0 s, ETA 0:11");
    }

    @Test
    void aJobsLastRunGivesItsFinalLineAndAJobStoppedEarlyDropsItsRemainingRuns() {
        JobSpec a = timed("a", 10, 3);
        JobSpec b = timed("b", 5, 1);
        Progress p = new Progress(List.of(a, b));
        p.runStarted(a, 1, new FakeLive(), 0);
        String last = p.runEnded(a, result(1, false), 4 * S);
        assertThat(last).isEqualTo("a: 1 run in 4.0 s, 100 MB/s, 24.4k IOPS, stopped early");
        FakeLive live = new FakeLive();
        p.runStarted(b, 1, live, 5 * S);
        live.elapsedNanos = S;
        assertThat(p.line(6 * S)).startsWith("[4/4] b run 1/1: 1.0 s of 5.0 s").endsWith("ETA 0:04");
        assertThat(p.runEnded(b, result(1, true), 10 * S)).isEqualTo("b: 1 run in 5.0 s, 100 MB/s, 24.4k IOPS");
        assertThat(p.line(10 * S)).isEmpty();
    }

    @Test
    void withoutALimitOrAFinishedRunToGoOnTheEtaIsLeftOut() {
        JobSpec job = JobSpec.builder(Path.of("/dev/sdx")).name("whole").rw(RwMode.READ).blockSize(4096).runs(1)
                .build();
        Progress p = new Progress(null);
        FakeLive live = new FakeLive();
        p.runStarted(job, 1, live, 0);
        live.elapsedNanos = S;
        live.bytes = 1000;
        assertThat(p.line(S)).isEqualTo("whole run 1/1: 1.0 s, 1000 bytes, 1.0 kB/s, 0 IOPS").doesNotContain("ETA");
    }

    @Test
    void clockAndCountFormats() {
        assertThat(Progress.clock(0)).isEqualTo("0:00");
        assertThat(Progress.clock(S / 10)).isEqualTo("0:01");
        assertThat(Progress.clock(185 * S)).isEqualTo("3:05");
        assertThat(Progress.clock(3723 * S)).isEqualTo("1:02:03");
        assertThat(Progress.count(850)).isEqualTo("850");
        assertThat(Progress.count(1_250_000)).isEqualTo("1.25M");
    }
}
