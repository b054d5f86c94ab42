package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The warm-up's loop has settled when its rate per CPU-second of its own thread stops rising. */
class SettleRuleTest {
    private static final long MS = 1_000_000L;
    private static final long KIND = 4096;

    @Test
    void aLoopStillGettingFasterPerCpuSecondIsNotFlat() {
        SettleRule rule = new SettleRule();
        long requests = 1000;
        for (int i = 0; i < 10; i++) {
            rule.add(requests, 50 * MS, 100 * MS, KIND);
            requests = requests * 3 / 2; // 50 % more each slice, on the same CPU time
            assertThat(rule.flat()).as("slice %d", i).isFalse();
        }
    }

    /**
     * A starved thread: its share of a core swings from 5 % to 90 % between slices, so its rate per wall-second
     * swings with it, while per CPU-second the loop runs at one speed. That is flat.
     */
    @Test
    void aThreadWhoseShareOfACoreSwingsIsFlatWhenItsRatePerCpuSecondIs() {
        SettleRule rule = new SettleRule();
        double[] shares = {0.9, 0.05, 0.4, 0.1, 0.9, 0.2};
        for (int i = 0; i < shares.length; i++) {
            long cpu = (long) (shares[i] * 1000 * MS);
            double perCpu = rule.add(cpu / 1000, cpu, 1000 * MS, KIND); // a request per CPU-µs
            assertThat(perCpu).isEqualTo(1e6, within(1.0));
        }
        assertThat(rule.flat()).isTrue();
    }

    @Test
    void itTakesTheFewestJudgedSlicesAndTheLastOnesStill() {
        SettleRule rule = new SettleRule();
        rule.add(1000, 50 * MS, 100 * MS, KIND);
        rule.add(1000, 50 * MS, 100 * MS, KIND);
        rule.add(1000, 50 * MS, 100 * MS, KIND);
        assertThat(rule.flat()).as("three judged").isFalse();
        rule.add(1000, 50 * MS, 100 * MS, KIND);
        assertThat(rule.flat()).isTrue();
        rule.add(1000 * 2, 50 * MS, 100 * MS, KIND);
        assertThat(rule.flat()).as("a slice twice as fast: rising again").isFalse();
        rule.add(1000 * 2 * 105 / 100, 50 * MS, 100 * MS, KIND);
        assertThat(rule.flat()).as("5 % above the best is within the tolerance; one still slice").isFalse();
        rule.add(1000 * 2, 50 * MS, 100 * MS, KIND);
        assertThat(rule.flat()).as("two still slices").isTrue();
    }

    @Test
    void aSliceWhoseThreadHadTooLittleCpuIsNotJudged() {
        SettleRule rule = new SettleRule();
        for (int i = 0; i < 10; i++) {
            assertThat(rule.add(10, SettleRule.MIN_CPU_NANOS - 1, 1000 * MS, KIND)).isNaN();
        }
        assertThat(rule.judged()).isZero();
        assertThat(rule.flat()).isFalse();
    }

    /** Every other slice walks a small region, faster per request: each kind is compared only with itself. */
    @Test
    void slicesAreComparedWithSlicesOfTheirKind() {
        SettleRule rule = new SettleRule();
        for (int i = 0; i < 6; i++) {
            rule.add(i % 2 == 0 ? 3000 : 1000, 50 * MS, 100 * MS, i % 2 == 0 ? KIND : 64 * KIND);
        }
        assertThat(rule.flat()).isTrue();
    }

    @Test
    void whereTheCpuTimeIsUnknownItJudgesPerWallSecond() {
        SettleRule rule = new SettleRule();
        assertThat(rule.add(1000, -1, 100 * MS, KIND)).isEqualTo(10_000.0);
        for (int i = 0; i < 4; i++) {
            rule.add(1000, -1, 100 * MS, KIND);
        }
        assertThat(rule.flat()).isTrue();
    }
}
