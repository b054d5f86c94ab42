package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.iobench.result.Interval;
import org.junit.jupiter.api.Test;

class IntervalSeriesTest {

    @Test
    void completionsLandInTheSecondTheyHappenedIn() {
        IntervalSeries s = new IntervalSeries(1_000_000_000L);
        s.record(100, false, 4096);
        s.record(999_999_999, true, 4096);
        s.record(1_000_000_000, false, 8192);
        s.record(-5, false, 1);
        List<Interval> in = s.intervals(1_500_000_000L);
        assertThat(in).hasSize(2);
        assertThat(in.get(0)).isEqualTo(new Interval(0, 1_000_000_000L, 4096, 4096, 1, 1));
        assertThat(in.get(1)).isEqualTo(new Interval(1, 500_000_000L, 8192, 0, 1, 0));
        assertThat(in.get(1).bytesPerSecond()).isEqualTo(16384.0);
    }

    @Test
    void mergingWorkersAddsTheirCountsPerInterval() {
        IntervalSeries a = new IntervalSeries(10);
        IntervalSeries b = new IntervalSeries(10);
        a.record(5, false, 1);
        b.record(5, false, 2);
        b.record(1000, true, 3);
        a.merge(b);
        List<Interval> in = a.intervals(1006);
        assertThat(in).hasSize(101);
        assertThat(in.get(0).bytesRead()).isEqualTo(3);
        assertThat(in.get(100).bytesWritten()).isEqualTo(3);
    }

    @Test
    void latencySummaryOfNothingIsExplicitlyEmpty() {
        assertThat(new LatencyRecorder().summary().count()).isZero();
    }

    @Test
    void aTailShorterThanHalfAnIntervalIsFoldedIntoTheLastWholeOne() {
        IntervalSeries s = new IntervalSeries(1_000_000_000L);
        for (long t = 0; t < 3_000_000_000L; t += 1_000_000L) {
            s.record(t, false, 4096);
        }
        s.record(3_000_002_000L, false, 4096); // completed after the deadline: the request in flight there
        List<Interval> in = s.intervals(3_000_005_000L);
        assertThat(in).extracting(Interval::durationNanos).containsExactly(1_000_000_000L, 1_000_000_000L,
                1_000_005_000L);
        assertThat(in).extracting(Interval::reads).containsExactly(1000L, 1000L, 1001L);
        assertThat(in.stream().mapToLong(Interval::reads).sum()).isEqualTo(3001);
        assertThat(in.stream().mapToLong(Interval::durationNanos).sum()).isEqualTo(3_000_005_000L);
    }

    @Test
    void aTailOfHalfAnIntervalOrMoreStaysAndARunShorterThanOneIntervalIsOne() {
        IntervalSeries s = new IntervalSeries(100);
        s.record(10, true, 1);
        s.record(120, true, 1);
        assertThat(s.intervals(150)).extracting(Interval::durationNanos).containsExactly(100L, 50L);
        assertThat(s.intervals(149)).extracting(Interval::durationNanos).containsExactly(149L);
        assertThat(s.intervals(149)).extracting(Interval::writes).containsExactly(2L);
        IntervalSeries one = new IntervalSeries(100);
        one.record(3, false, 1);
        assertThat(one.intervals(30)).extracting(Interval::durationNanos).containsExactly(30L);
    }
}
