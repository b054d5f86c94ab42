package org.iobench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import org.HdrHistogram.Histogram;
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

    @Test
    void minMaxAndStandardDeviationAreExactAndSurviveMerging() {
        long[] values = {1_000_000_007L, 1_000_000_003L, 999_999_991L, 1_000_000_019L, 1_000_000_000L, 12_345L};
        LatencyRecorder whole = new LatencyRecorder();
        LatencyRecorder first = new LatencyRecorder();
        LatencyRecorder second = new LatencyRecorder();
        for (int i = 0; i < values.length; i++) {
            whole.record(values[i]);
            (i < 2 ? first : second).record(values[i]);
        }
        double mean = java.util.Arrays.stream(values).average().orElseThrow();
        double m2 = java.util.Arrays.stream(values).mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double stddev = Math.sqrt(m2 / (values.length - 1));
        var m = whole.moments();
        assertThat(m.count()).isEqualTo(6);
        assertThat(m.minNs()).isEqualTo(12_345L); // the histogram holds it within 3 digits only
        assertThat(m.maxNs()).isEqualTo(1_000_000_019L);
        assertThat(m.meanNs()).isEqualTo(mean);
        assertThat(m.stddevNs()).isCloseTo(stddev, within(stddev * 1e-12));
        assertThat(whole.summary().minNs()).isEqualTo(12_345L);
        assertThat(whole.summary().maxNs()).isEqualTo(1_000_000_019L);
        LatencyRecorder merged = new LatencyRecorder();
        merged.add(second);
        merged.add(first);
        assertThat(merged.moments().minNs()).isEqualTo(m.minNs());
        assertThat(merged.moments().maxNs()).isEqualTo(m.maxNs());
        assertThat(merged.moments().meanNs()).isEqualTo(m.meanNs());
        assertThat(merged.moments().stddevNs()).isCloseTo(stddev,
                within(stddev * 1e-9));
        LatencyRecorder one = new LatencyRecorder();
        one.record(5);
        assertThat(one.moments().stddevNs()).isZero(); // fio: 0 with one sample
    }

    @Test
    void aTailThatCreepsUpGrowsTheHistogramInFewStepsAndKeepsEveryCount() {
        var threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        LatencyRecorder grown = new LatencyRecorder();
        Histogram plain = new Histogram(3);
        grown.record(1_000); // the first histogram, outside the count below
        plain.recordValue(1_000);
        long before = threads.getCurrentThreadAllocatedBytes();
        // a loaded machine's tail: each latency a little above the last, 1 us to 1 s (20 doublings)
        for (long v = 1_500; v <= 1_000_000_000L; v = v * 3 / 2) {
            grown.record(v);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        for (long v = 1_500; v <= 1_000_000_000L; v = v * 3 / 2) {
            plain.recordValue(v);
        }
        // growing by what each value needs copies the counts at every doubling: ~2 MB here; by 32 times, four steps
        assertThat(allocated).as("bytes allocated while the largest value grew 10^6 times").isLessThan(1_000_000);
        Histogram h = grown.histogram();
        assertThat(h.getTotalCount()).isEqualTo(plain.getTotalCount());
        for (double p : new double[] {1, 50, 90, 99, 99.9, 100}) {
            assertThat(h.getValueAtPercentile(p)).as("p%s", p).isEqualTo(plain.getValueAtPercentile(p));
        }
        LatencyRecorder small = new LatencyRecorder();
        small.record(700);
        small.add(grown); // a small histogram takes a larger one's counts, and grows past it later
        small.record(100_000_000_000L);
        assertThat(small.count()).isEqualTo(grown.count() + 2);
        assertThat(small.histogram().getMaxValue()).isEqualTo(plain.highestEquivalentValue(100_000_000_000L));
    }
}
