package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WelchTTest {

    @Test
    void sleepDataGivesTheWelchResultOfRsHelpPage() {
        // R's ?t.test example: t.test(extra ~ group, data = sleep) -> Welch Two Sample t-test,
        // t = -1.8608, df = 17.776, p-value = 0.07939
        // (scipy.stats.ttest_ind(equal_var=False): t = -1.8608134675, df = 17.7764735, p = 0.0793941402).
        TestResult r = WelchT.test(SummaryTest.SLEEP_GROUP_1, SummaryTest.SLEEP_GROUP_2);

        assertThat(r.method()).isEqualTo(PValueMethod.STUDENT_T);
        assertThat(r.statistic()).isCloseTo(-1.8608134675, within(1e-9));
        assertThat(r.degreesOfFreedom()).isCloseTo(17.7764735, within(1e-6));
        assertThat(r.pValue()).isCloseTo(0.0793941402, within(1e-9));
    }

    @Test
    void fewerThanTwoValuesGiveAnUndefinedPValue() {
        TestResult r = WelchT.test(new double[] {1}, new double[] {1, 2, 3});

        assertThat(r.method()).isEqualTo(PValueMethod.UNDEFINED);
        assertThat(r.pValue()).isNaN();
    }

    @Test
    void twoConstantSamplesGiveAnUndefinedPValue() {
        assertThat(WelchT.test(new double[] {1, 1}, new double[] {2, 2}).pValue()).isNaN();
    }
}
