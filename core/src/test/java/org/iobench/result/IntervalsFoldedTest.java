package org.iobench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a series saved before the tail rule reads: its stub last interval folded into the one before. */
class IntervalsFoldedTest {
    private static final long S = 1_000_000_000L;

    private static IntervalLatency reads(long count, long p50, long p99, long max) {
        return new IntervalLatency(new IntervalLatency.Point(count, p50, p99, max), null, null);
    }

    @Test
    void aStubOfOneRequestFoldsWithTheWholeIntervalsPercentilesAndTheLargerMax() {
        Intervals saved = new Intervals(S, List.of(
                new Interval(0, S, 4096L * 9999, 0, 9999, 0, reads(9999, 10, 20, 30)),
                new Interval(1, S, 4096L * 10_000, 0, 10_000, 0, reads(10_000, 11, 21, 31)),
                new Interval(2, 5_490_546, 4096, 0, 1, 0, reads(1, 50, 50, 50))));
        Intervals f = saved.folded();
        assertThat(f.series()).hasSize(2);
        Interval last = f.series().get(1);
        assertThat(last.index()).isEqualTo(1);
        assertThat(last.durationNanos()).isEqualTo(S + 5_490_546);
        assertThat(last.reads()).isEqualTo(10_001);
        assertThat(last.bytesRead()).isEqualTo(4096L * 10_001);
        assertThat(last.latency().read()).isEqualTo(new IntervalLatency.Point(10_001, 11, 21, 50));
        assertThat(f.folded()).as("folding twice changes nothing").isSameAs(f);
    }

    @Test
    void aStubWithMoreThanATenthOfAPercentOfTheRequestsLeavesTheFoldedIntervalWithoutLatency() {
        Intervals saved = new Intervals(S, List.of(
                new Interval(0, S, 0, 4096L * 1965, 0, 1965,
                        new IntervalLatency(null, new IntervalLatency.Point(1965, 10, 20, 30), null)),
                new Interval(1, 24_096_904, 0, 4096L * 83, 0, 83,
                        new IntervalLatency(null, new IntervalLatency.Point(83, 10, 90, 99), null))));
        Interval last = saved.folded().series().getFirst();
        assertThat(last.writes()).isEqualTo(2048);
        assertThat(last.latency()).as("not percentiles of another set of requests").isNull();
    }

    @Test
    void aLastIntervalOfHalfTheLengthOrMoreAndASingleIntervalStay() {
        Intervals half = new Intervals(S, List.of(new Interval(0, S, 1, 0, 1, 0), new Interval(1, S / 2, 1, 0, 1, 0)));
        assertThat(half.folded()).isSameAs(half);
        Intervals one = new Intervals(S, List.of(new Interval(0, 3_000_000, 1, 0, 1, 0)));
        assertThat(one.folded()).isSameAs(one);
    }
}
