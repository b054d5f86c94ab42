package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentTTest {

    @Test
    void smallDegreesOfFreedomComeFromTheTable() {
        assertThat(StudentT.quantile95(1)).isCloseTo(12.706, within(1e-3));
        assertThat(StudentT.quantile95(4)).isCloseTo(2.776, within(1e-3));
        assertThat(StudentT.quantile95(19)).isCloseTo(2.093, within(1e-3));
        assertThat(StudentT.quantile95(30)).isCloseTo(2.042, within(1e-3));
    }

    @Test
    void largeDegreesOfFreedomFollowTheExpansionAndApproachTheNormalQuantile() {
        assertThat(StudentT.quantile95(31)).isCloseTo(2.0395, within(5e-4));
        assertThat(StudentT.quantile95(40)).isCloseTo(2.0211, within(2e-4));
        assertThat(StudentT.quantile95(60)).isCloseTo(2.0003, within(2e-4));
        assertThat(StudentT.quantile95(120)).isCloseTo(1.9799, within(2e-4));
        assertThat(StudentT.quantile95(1_000_000)).isCloseTo(1.95996, within(1e-4));
    }

    @Test
    void quantilesDecreaseWithMoreDegreesOfFreedom() {
        for (int df = 1; df < 200; df++) {
            assertThat(StudentT.quantile95(df + 1)).as("df=%d", df).isLessThan(StudentT.quantile95(df));
        }
    }

    @Test
    void noDegreesOfFreedomGiveNaN() {
        assertThat(StudentT.quantile95(0)).isNaN();
    }
}
