package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GateSignificanceTest {
    @Test
    void fourPlusFourRepetitionsUseMannWhitneyWithItsExactPValue() {
        var j = GateSignificance.judge(new double[] {10, 11, 12, 13}, new double[] {5, 6, 7, 8}, 0.05);
        assertThat(j.test()).isEqualTo(GateSignificance.MANN_WHITNEY_U);
        assertThat(j.pValue()).isCloseTo(2.0 / 70, within(1e-12));
    }

    @Test
    void threePlusThreeUseWelchOnLogValuesBecauseMannWhitneyCannotReachAlpha() {
        var j = GateSignificance.judge(new double[] {100, 101, 99}, new double[] {80, 81, 79}, 0.05);
        assertThat(j.test()).isEqualTo(GateSignificance.WELCH_T_LOG);
        assertThat(j.pValue()).isLessThan(0.001);
    }

    @Test
    void oneNewRepetitionIsJudgedAgainstWhatTheBaselinePredictsForOneValue() {
        double[] base = {100, 102, 98, 101, 99};
        var far = GateSignificance.judge(base, new double[] {90}, 0.05);
        assertThat(far.test()).isEqualTo(GateSignificance.PREDICTION_T_LOG);
        // on log values: t = (ln 90 - mean ln) / (sd of ln * sqrt(1 + 1/5)) = -6.0764, df 4: two-sided p = 0.003706
        // (R: 2*pt(-6.0764, 4); Student's t with 4 df in closed form)
        assertThat(far.pValue()).isCloseTo(0.003706, within(0.00001));
        assertThat(GateSignificance.judge(base, new double[] {101}, 0.05).pValue()).isGreaterThan(0.5);
    }

    @Test
    void oneAgainstManyRepetitionsIsThePredictionTestAsInCompare() {
        double[] base = new double[39];
        for (int i = 0; i < base.length; i++) {
            base[i] = 100 + i * 0.1;
        }
        var j = GateSignificance.judge(base, new double[] {50}, 0.05);
        assertThat(j.test()).isEqualTo(GateSignificance.PREDICTION_T_LOG);
        assertThat(j.pValue()).isLessThan(1e-6);
    }

    @Test
    void tooFewRepetitionsOrNoSpreadAreNotJudgedAndSayWhy() {
        assertThat(GateSignificance.judge(new double[] {100}, new double[] {50}, 0.05).test())
                .isEqualTo(GateSignificance.NONE);
        var two = GateSignificance.judge(new double[] {100, 101}, new double[] {50}, 0.05);
        assertThat(two.test()).isEqualTo(GateSignificance.NONE);
        assertThat(two.reason()).contains("2 + 1");
        assertThat(GateSignificance.judge(new double[] {7, 7}, new double[] {5, 5}, 0.05).reason())
                .contains("same value");
        assertThat(GateSignificance.judge(new double[] {7, 7, 7}, new double[] {5}, 0.05).reason())
                .contains("no spread");
        assertThat(Double.isNaN(GateSignificance.judge(new double[] {}, new double[] {5}, 0.05).pValue())).isTrue();
    }
}
