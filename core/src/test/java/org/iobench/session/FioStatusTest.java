package org.iobench.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.report.fio.FioEtaLine;
import org.iobench.report.fio.FioJson;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.store.StoreFixtures;
import org.iobench.workload.LiveView;
import org.iobench.workload.LiveView.Phase;
import org.junit.jupiter.api.Test;

/**
 * fio's helper for {@code iobench fio} ({@link FioStatus}): its ETA line and its {@code --status-interval} reports,
 * driven by made-up clock readings and live figures: no thread but where the timer itself is tested, no sleeping.
 */
class FioStatusTest {
    private static final long S = 1_000_000_000L;
    private static final long MIB = 1 << 20;

    /** A run in progress whose figures the test sets, and its result so far. */
    static final class FakeLive implements LiveView {
        long elapsedNanos;
        long written;
        long writes;
        RunResult soFar;
        Phase phase = Phase.RUNNING;

        @Override public long elapsedNanos() { return elapsedNanos; }
        @Override public long bytesRead() { return 0; }
        @Override public long bytesWritten() { return written; }
        @Override public long bytesTrimmed() { return 0; }
        @Override public long[] requestsByDirection() { return new long[] {0, writes, 0}; }
        @Override public RunResult snapshot() { return soFar; }
        @Override public Phase phase() { return phase; }
    }

    private static JobSpec writer(String name, long seconds) {
        return JobSpec.builder(Path.of("/data/" + name)).name(name).rw(RwMode.WRITE).blockSize(4096)
                .sizeBytes(1L << 30).timeNanos(seconds * S).build();
    }

    private static FioStatus helper(List<JobSpec> jobs, ByteArrayOutputStream out, long statusMillis,
                                    FioStatus.Reports reports, NanoClock clock) {
        return new FioStatus(clock, jobs, Set.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new FioStatus.Settings(true, 1000, 0, statusMillis), reports);
    }

    @Test
    void theEtaLineComesOnceTheEtaIntervalPassedWithFiosRatesPercentAndEta() {
        JobSpec job = writer("w", 10);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        FioStatus h = helper(List.of(job), out, 0, null, now::get);
        h.begin(0);
        assertThat(h.jobsEta(S / 4)).as("250 ms: within no slack of 1 s").isNull();
        assertThat(h.jobsEta(S)).as("1 s, nothing started").isNotNull().satisfies(je -> {
            assertThat(je.running()).isZero();
            assertThat(je.runStates()).isEqualTo("P(1)");
        });
        h.filling(job, Path.of("/data/w"), 0, 1 << 30);
        // while nothing has moved, fio times its window from the start: a line at every wake
        assertThat(h.jobsEta(S + S / 4)).isNotNull().satisfies(je -> assertThat(je.runStates()).isEqualTo("I(1)"));
        now.set(2 * S);
        FakeLive live = new FakeLive();
        h.runStarted(job, 1, live);
        live.elapsedNanos = S;
        live.written = 100 * MIB;
        live.writes = 25_600;
        h.tick(3 * S);
        // 1 s of its 10 s and 100 MiB of its 1 GiB: the smaller share, 1/10.24, leaves 9 s; 3 s of 12 done
        assertThat(out.toString(StandardCharsets.UTF_8)).endsWith(
                "Jobs: 1 (f=1): [W(1)][25.0%][w=33.3MiB/s][w=8533 IOPS][eta 00m:09s]\r");
        out.reset();
        h.tick(3 * S + S / 4);
        assertThat(out.size()).as("250 ms after a line: none").isZero();
        live.elapsedNanos = 2 * S;
        live.written = 200 * MIB;
        live.writes = 51_200;
        h.tick(4 * S);
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith(
                "Jobs: 1 (f=1): [W(1)][33.3%][w=100MiB/s][w=25.6k IOPS][eta 00m:08s]");
        RunResult done = StoreFixtures.result("/data/w", RwMode.WRITE, 4096, 1, false, 100e6, 100e6, 100e6)
                .runs().getFirst();
        h.runEnded(job, done);
        assertThat(h.jobsEta(6 * S)).as("nothing running or to come: no line").isNull();
    }

    @Test
    void aReportCarriesFiosForcedEtaAndElapsedAndTheFinalOneIntMaxUntilThreeSeconds() {
        JobSpec job = writer("w", 10);
        AtomicLong now = new AtomicLong();
        List<FioJson.Eta> etas = new ArrayList<>();
        FioStatus h = helper(List.of(job), new ByteArrayOutputStream(), 1000, (soFar, eta) -> etas.add(eta),
                now::get);
        h.begin(0);
        now.set(S / 2);
        h.report();
        assertThat(etas.getLast()).as("fio: INT_MAX before 3 s, elapsed rounded up")
                .isEqualTo(new FioJson.Eta(FioEtaLine.NO_ETA, 1));
        assertThat(h.atEnd()).isEqualTo(new FioJson.Eta(FioEtaLine.NO_ETA, 1));
        now.set(2 * S);
        FakeLive live = new FakeLive();
        h.runStarted(job, 1, live);
        live.elapsedNanos = S;
        live.written = 100 * MIB;
        now.set(3 * S);
        h.report();
        // the same figures as the ETA line's at 3 s: 1 s of the job's 10 s done, 9 s left
        assertThat(etas.getLast()).isEqualTo(new FioJson.Eta(9, 3));
        assertThat(h.atEnd()).as("every job reaped: 0 from 3 s on").isEqualTo(new FioJson.Eta(0, 3));
    }

    @Test
    void aRunningJobShowsFiosLettersForVerifyingItsFinalSyncAndFinishing() {
        JobSpec job = writer("w", 10);
        AtomicLong now = new AtomicLong();
        FioStatus h = helper(List.of(job), new ByteArrayOutputStream(), 0, null, now::get);
        h.begin(0);
        FakeLive live = new FakeLive();
        h.runStarted(job, 1, live);
        live.elapsedNanos = 4 * S;
        live.written = 100 * MIB;
        long t = 4 * S;
        for (Phase p : Phase.values()) {
            live.phase = p;
            t += 2 * S;
            FioEtaLine.Jobs je = h.jobsEta(t);
            assertThat(je.running()).as("fio counts %s as running", p).isEqualTo(1);
            switch (p) {
                case RUNNING -> assertThat(je.runStates()).isEqualTo("W(1)");
                case VERIFYING -> assertThat(je.runStates()).isEqualTo("V(1)");
                case SYNCING -> assertThat(je.runStates()).isEqualTo("F(1)");
                case FINISHING -> assertThat(je.runStates()).isEqualTo("f(1)");
            }
            if (p == Phase.SYNCING || p == Phase.FINISHING) {
                assertThat(je.etaSeconds()).as("fio's thread_eta of a job syncing or finishing").isZero();
            } else {
                assertThat(je.etaSeconds()).isPositive();
            }
        }
    }

    @Test
    void eachJobHasFiosLetterForWhatItDoes() {
        JobSpec.Builder b = JobSpec.builder(Path.of("/data/x")).blockSize(4096);
        assertThat(FioStatus.running(b.rw(RwMode.WRITE).build())).isEqualTo('W');
        assertThat(FioStatus.running(b.rw(RwMode.RANDREAD).build())).isEqualTo('r');
        assertThat(FioStatus.running(b.rw(RwMode.RW).mixReadPercent(50).build())).isEqualTo('M');
        assertThat(FioStatus.running(b.rw(RwMode.RANDRW).mixReadPercent(100).build())).isEqualTo('r');
        assertThat(FioStatus.running(b.rw(RwMode.RANDRW).mixReadPercent(0).build())).isEqualTo('w');
        assertThat(FioStatus.running(b.rw(RwMode.TRIM).build())).isEqualTo('D');
        assertThat(FioStatus.running(b.rw(RwMode.RANDTRIM).build())).isEqualTo('d');
    }

    @Test
    void aReportHoldsEveryJobInOrderTheEndedOnesFinalTheRunningOnesSoFarTheOthersEmpty() {
        JobSpec first = writer("a", 1);
        JobSpec second = writer("b", 1);
        JobSpec third = writer("c", 1);
        List<List<BenchmarkResult>> reports = new ArrayList<>();
        FioStatus h = helper(List.of(first, second, third), new ByteArrayOutputStream(), 1000,
                (soFar, eta) -> reports.add(soFar), () -> 0);
        h.begin(0);
        RunResult finalA = StoreFixtures.result("/data/a", RwMode.WRITE, 4096, 1, false, 100e6, 100e6, 100e6)
                .runs().getFirst();
        RunResult soFarB = StoreFixtures.result("/data/b", RwMode.WRITE, 4096, 1, false, 50e6, 50e6, 50e6)
                .runs().getFirst();
        h.runStarted(first, 1, new FakeLive());
        h.runEnded(first, finalA);
        FakeLive b = new FakeLive();
        b.soFar = soFarB;
        h.runStarted(second, 1, b);
        h.report();
        assertThat(reports).hasSize(1);
        List<BenchmarkResult> r = reports.getFirst();
        assertThat(r).extracting(BenchmarkResult::job).containsExactly(first, second, third);
        assertThat(r.get(0).runs()).containsExactly(finalA);
        assertThat(r.get(1).runs()).containsExactly(soFarB);
        assertThat(r.get(2).runs()).as("not started: nothing, as fio's zeros").isEmpty();
    }

    @Test
    void theHelpersTimerReportsAtEachStatusIntervalFromTheStart() throws Exception {
        // a clock that moves to whatever the helper waits for: its wakes are the timer's own
        AtomicLong now = new AtomicLong(5 * S);
        NanoClock clock = new NanoClock() {
            @Override
            public long nanoTime() {
                return now.get();
            }

            @Override
            public void awaitOthers(long deadlineNanos, long maxNanos) {
                now.accumulateAndGet(Math.min(deadlineNanos, now.get() + maxNanos), Math::max);
            }
        };
        List<Long> at = new ArrayList<>();
        CountDownLatch three = new CountDownLatch(1);
        FioStatus[] h = new FioStatus[1];
        h[0] = new FioStatus(clock, List.of(writer("a", 10)), Set.of(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new FioStatus.Settings(false, 1000, 0, 1500), (soFar, eta) -> {
                    at.add(now.get());
                    if (at.size() == 3) {
                        h[0].finish(); // from the helper's own thread: it stops, nothing to join
                        three.countDown();
                    }
                });
        h[0].start();
        assertThat(three.await(60, TimeUnit.SECONDS)).as("three reports").isTrue();
        h[0].finish();
        assertThat(at).containsExactly(6 * S + S / 2, 8 * S, 9 * S + S / 2);
    }
}
