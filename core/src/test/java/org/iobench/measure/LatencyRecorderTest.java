package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The mean is the exact sum over the count, as fio's; the histogram keeps the percentiles. */
class LatencyRecorderTest {
    @Test
    void theMeanIsExactWhereTheHistogramOnlyEstimatesIt() {
        LatencyRecorder slat = new LatencyRecorder();
        LatencyRecorder clat = new LatencyRecorder();
        LatencyRecorder lat = new LatencyRecorder();
        long[][] requests = {{1_234, 98_765}, {0, 123_457}, {7, 1_000_001}, {55_555, 3}};
        for (long[] q : requests) {
            slat.record(q[0]);
            clat.record(q[1]);
            lat.record(q[0] + q[1]);
        }
        double exact = (1_234 + 98_765 + 123_457 + 7 + 1_000_001 + 55_555 + 3) / 4.0;
        assertThat(lat.summary().meanNs()).isEqualTo(exact);
        assertThat(lat.histogram().getMean()).isNotEqualTo(exact); // 3 digits: what the mean used to be
        assertThat(slat.summary().meanNs() + clat.summary().meanNs()).isEqualTo(lat.summary().meanNs());
        LatencyRecorder merged = new LatencyRecorder();
        merged.add(slat);
        merged.add(clat);
        assertThat(merged.sumNanos()).isEqualTo(lat.sumNanos());
        assertThat(new LatencyRecorder().summary().count()).isZero();
    }

    @Test
    void aRecorderWithNoValueTakesNoHistogramAndSummarisesAsEmpty() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        LatencyRecorder unused = new LatencyRecorder();
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes of a recorder never used")
                .isLessThan(1_000);
        assertThat(unused.count()).isZero();
        assertThat(unused.summary()).isEqualTo(org.iobench.result.LatencySummary.EMPTY);
        assertThat(unused.histogram().getTotalCount()).isZero();
        LatencyRecorder sum = new LatencyRecorder();
        sum.add(unused);
        assertThat(sum.count()).isZero();
        LatencyRecorder used = new LatencyRecorder();
        used.record(2_000);
        sum.add(used);
        assertThat(sum.count()).isEqualTo(1);
        assertThat(sum.sumNanos()).isEqualTo(2_000);
    }
}
