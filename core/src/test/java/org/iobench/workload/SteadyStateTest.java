package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.iobench.job.SteadyCriterion;
import org.iobench.result.SteadyOutcome;
import org.junit.jupiter.api.Test;

class SteadyStateTest {
    private static final long SECOND = 1_000_000_000L;

    private static SteadyState iops(String bound, long windowSeconds) {
        return new SteadyState(SteadyCriterion.parse("iops:" + bound, windowSeconds * SECOND), SECOND);
    }

    @Test
    void steadyOnceAFullWindowStaysWithinTheBoundOfItsMean() {
        SteadyState s = iops("2%", 5);
        double[] warmingUp = {500, 800, 950, 1000, 1010, 990, 1005, 995};
        int at = -1;
        for (int i = 0; i < warmingUp.length && at < 0; i++) {
            if (s.add(warmingUp[i])) {
                at = i;
            }
        }
        // 950..995 (i = 2..6): mean 991, 950 is 4.1 % off; 1000..995 (i = 3..7) is the first steady window
        assertThat(at).isEqualTo(7);
        SteadyOutcome o = s.outcome();
        assertThat(o.reached()).isTrue();
        assertThat(o.reachedAtNanos()).isEqualTo(8 * SECOND);
        assertThat(o.window()).containsExactly(1000.0, 1010.0, 990.0, 1005.0, 995.0);
        assertThat(o.windowMean()).isEqualTo(1000.0);
        assertThat(o.windowMaxDeviation()).isEqualTo(0.01);
    }

    @Test
    void aValueJustOutsideTheBoundIsNotSteady() {
        SteadyState s = iops("2%", 2);
        assertThat(s.add(1000)).isFalse();
        assertThat(s.add(1050)).as("mean 1025, deviation 2.4 %").isFalse();
        assertThat(s.add(1060)).as("mean 1055, deviation 0.5 %").isTrue();
    }

    @Test
    void aStalledDeviceIsNotSteady() {
        SteadyState s = iops("2%", 2);
        s.add(0);
        assertThat(s.add(0)).isFalse();
        assertThat(s.outcome().windowMaxDeviation()).isInfinite();
    }

    @Test
    void aRunShorterThanTheWindowReportsWhatItSawWithoutAVerdictOnDeviation() {
        SteadyState s = iops("2%", 5);
        s.add(100);
        s.add(100);
        SteadyOutcome o = s.outcome();
        assertThat(o.reached()).isFalse();
        assertThat(o.reachedAtNanos()).isEqualTo(-1);
        assertThat(o.window()).hasSize(2);
        assertThat(o.windowMaxDeviation()).isNaN();
    }

    @Test
    void theWindowHoldsAtLeastTwoIntervals() {
        assertThat(new SteadyState(SteadyCriterion.parse("bw:5%", 100_000_000L), SECOND).windowSize()).isEqualTo(2);
        assertThat(iops("2%", 5).windowSize()).isEqualTo(5);
    }
}
