package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.iobench.result.IntervalLatency;
import org.junit.jupiter.api.Test;

class IntervalLatenciesTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void eachIntervalHasThePercentilesOfTheRequestsThatCompletedInItAcrossWorkers() {
        IntervalLatencies a = new IntervalLatencies(SECOND);
        IntervalLatencies b = new IntervalLatencies(SECOND);
        for (int i = 1; i <= 100; i++) { // interval 0: reads of 1..100 us, half on each worker
            (i % 2 == 0 ? a : b).record(i * 1_000_000L, IntervalLatencies.READ, i * 1_000L);
        }
        a.record(2 * SECOND + 5, IntervalLatencies.WRITE, 7_000_000L); // interval 2: one write of 7 ms
        a.record(2 * SECOND + 6, IntervalLatencies.TRIM, 300_000L);
        a.finish();
        b.finish();
        List<IntervalLatency> l = IntervalLatencies.merge(List.of(a, b), 4);
        assertThat(l).hasSize(4);
        IntervalLatency.Point r = l.get(0).read();
        assertThat(r.count()).isEqualTo(100);
        assertThat(r.p50Ns()).isBetween(49_500L, 50_500L); // 2 significant digits: within 1 %
        assertThat(r.p99Ns()).isBetween(98_000L, 100_000L);
        assertThat(r.maxNs()).isBetween(99_500L, 100_500L);
        assertThat(l.get(0).write()).isNull();
        assertThat(l.get(1)).as("nothing completed in interval 1").isNull();
        assertThat(l.get(2).read()).isNull();
        assertThat(l.get(2).write().maxNs()).isBetween(6_950_000L, 7_050_000L);
        assertThat(l.get(2).trim().count()).isEqualTo(1);
        assertThat(l.get(3)).isNull();
    }

    @Test
    void completionsBeforeTheMeasuredPhaseAreLeftOutAndHoursAreCountedAsAnHour() {
        IntervalLatencies l = new IntervalLatencies(SECOND);
        l.record(-1, IntervalLatencies.READ, 5);
        l.record(0, IntervalLatencies.READ, 10 * IntervalLatencies.HIGHEST_NANOS);
        l.finish();
        IntervalLatency.Point p = IntervalLatencies.merge(List.of(l), 1).getFirst().read();
        assertThat(p.count()).isEqualTo(1);
        assertThat(p.maxNs()).isGreaterThanOrEqualTo(IntervalLatencies.HIGHEST_NANOS * 99 / 100);
    }

    @Test
    void recordingAllocatesNothingWithinAnIntervalAndOnlyTheKeptBytesWhenOneEnds() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        IntervalLatencies l = new IntervalLatencies(1_000_000L);
        long allocated = Long.MAX_VALUE;
        // the JIT compiles the loop while it runs: a few rounds until it is measured compiled
        for (int round = 0; round < 10 && allocated > 200_000; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1_000_000; i++) { // 100 intervals of 10,000 requests each
                l.record(i * 100L, i % 3, 1_000 + (i % 997) * 13L);
            }
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
        }
        // 100 intervals x 3 directions, each kept as its encoded bytes (a few hundred): well under 1 byte a request
        assertThat(allocated).as("bytes allocated by 1,000,000 requests over 100 intervals").isLessThan(200_000);
    }

    @Test
    void aJobOfOneDirectionMakesTheHistogramOfThatDirectionOnly() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long one = new org.HdrHistogram.Histogram(1, IntervalLatencies.HIGHEST_NANOS, 2).getEstimatedFootprintInBytes();
        long before = threads.getCurrentThreadAllocatedBytes();
        IntervalLatencies l = new IntervalLatencies(SECOND);
        for (int i = 0; i < 1_000; i++) { // reads only, within one interval: no encoding buffer either
            l.record(i, IntervalLatencies.READ, 1_000 + i);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("heap of a reads-only instance (one histogram: %d bytes)", one)
                .isLessThan(one + one / 2);
        l.finish();
        assertThat(IntervalLatencies.merge(List.of(l), 1).getFirst().read().count()).isEqualTo(1_000);
        assertThat(IntervalLatencies.merge(List.of(l), 1).getFirst().write()).isNull();
    }
}
