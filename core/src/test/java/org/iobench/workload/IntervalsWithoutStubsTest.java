package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.Interval;
import org.iobench.result.RunResult;
import org.iobench.testing.TickingClock;
import org.iobench.workload.files.TargetPreparer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A time-based run's series has no stub interval at its end: the requests in flight at the deadline complete after
 * it, and are folded into the last whole interval; the series adds up to the totals. On the run's own clock
 * ({@link TickingClock}), with intervals of 100 ms so that the runs stay short.
 */
class IntervalsWithoutStubsTest {
    private static final long INTERVAL = 100_000_000L;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}, iodepth {1}, {2} ms")
    @CsvSource({"psync, 1, 300", "uring, 8, 300", "psync, 1, 260", "psync, 1, 370"})
    void noIntervalIsShorterThanHalfAndTheSeriesAddsUpToTheTotals(String engine, int iodepth, long millis)
            throws IOException {
        JobSpec spec = JobSpec.builder(dir.resolve("t-" + engine + millis)).rw(RwMode.RANDREAD).blockSize(4096)
                .sizeBytes(0).timeNanos(millis * 1_000_000L).engine(engine).iodepth(iodepth).build();
        RunResult r;
        try {
            r = new Benchmark(TargetPreparer.system(), new TickingClock(20_000), INTERVAL, 0)
                    .execute(spec, new RunControl(), RunListener.NONE).runs().getFirst();
        } catch (IOException e) {
            Assumptions.abort(engine + " unavailable here: " + e.getMessage());
            return;
        }
        List<Interval> series = r.intervals().series();
        assertThat(r.totals().elapsedNanos()).isGreaterThanOrEqualTo(millis * 1_000_000L);
        assertThat(series).isNotEmpty();
        assertThat(series).allSatisfy(i -> assertThat(i.durationNanos() * 2).as("interval %d", i.index())
                .isGreaterThanOrEqualTo(INTERVAL));
        assertThat(series.subList(0, series.size() - 1)).allSatisfy(i -> assertThat(i.durationNanos())
                .isEqualTo(INTERVAL));
        assertThat(series.stream().mapToLong(Interval::durationNanos).sum()).isEqualTo(r.totals().elapsedNanos());
        assertThat(series.stream().mapToLong(Interval::reads).sum()).isEqualTo(r.totals().reads());
        assertThat(series.stream().mapToLong(Interval::bytesRead).sum()).isEqualTo(r.totals().bytesRead());
        // the deadline ends it: a run of 300 ms shows 3 intervals, 260 ms 3 (the last 60 ms), 370 ms 4 (the last 70)
        assertThat(series).hasSize((int) ((millis + 50) / 100));
        assertThat(series.getLast().latency()).isNotNull();
        assertThat(series.stream().mapToLong(i -> i.latency().read().count()).sum()).isEqualTo(r.totals().reads());
    }
}
