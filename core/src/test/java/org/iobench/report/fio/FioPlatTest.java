package org.iobench.report.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** fio's plat bins (stat.c): exact below 128 ns, 64 bins per power of two above, named by their middle. */
class FioPlatTest {
    @Test
    void binsAreFiosLayout() {
        assertThat(FioPlat.index(0)).isZero();
        assertThat(FioPlat.index(127)).isEqualTo(127);
        assertThat(FioPlat.value(127)).isEqualTo(127);
        assertThat(FioPlat.index(128)).isEqualTo(128); // 2^7: the first group of width 2
        assertThat(FioPlat.value(128)).isEqualTo(129); // its middle: 128 + 0.5 * 2
        assertThat(FioPlat.index(129)).isEqualTo(128);
        assertThat(FioPlat.index(130)).isEqualTo(129);
        // fio 3.33 named these bins in a json+ run here: 191488, 220160 (values of its percentiles)
        assertThat(FioPlat.value(FioPlat.index(191_000))).isEqualTo(191_488);
        assertThat(FioPlat.value(FioPlat.index(220_000))).isEqualTo(220_160);
        assertThat(FioPlat.index(Long.MAX_VALUE)).isEqualTo(FioPlat.NR - 1);
    }

    @Test
    void theBinsOfAHistogramHoldAllItsCounts() {
        Histogram h = new Histogram(3);
        for (long v = 50; v < 5_000_000; v = v * 11 / 10 + 1) {
            h.recordValueWithCount(v, 3);
        }
        Map<Long, Long> bins = FioPlat.bins(h);
        assertThat(bins.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(h.getTotalCount());
        assertThat(new java.util.ArrayList<>(bins.keySet())).isSorted();
        assertThat(bins).containsKey(50L);
    }

    @Test
    void latencyBucketsAreFiosRangesAsPercentsOfAllRequests() {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(900, 1);        // ns: 750-999
        h.recordValueWithCount(3_000, 2);      // us: 2-3
        h.recordValueWithCount(120_000, 1);    // us: 100-249
        h.recordValueWithCount(2_500_000_000L, 1); // ms: >=2000
        FioBuckets b = FioBuckets.of(h, 5);
        assertThat(b.ns[9]).isEqualTo(20.0);
        assertThat(b.us[1]).isEqualTo(40.0);
        assertThat(b.us[6]).isEqualTo(20.0);
        assertThat(b.ms[11]).isEqualTo(20.0);
    }
}
