package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DirectionTest {

    @Test
    void moreThroughputIsAPositiveGain() {
        assertThat(Direction.HIGHER_IS_BETTER.gainPercent(318, 420)).isCloseTo(32.0755, within(1e-4));
    }

    @Test
    void moreLatencyIsANegativeGain() {
        assertThat(Direction.LOWER_IS_BETTER.gainPercent(10, 12)).isCloseTo(-20, within(1e-12));
    }

    @Test
    void aZeroBaseHasNoGain() {
        assertThat(Direction.HIGHER_IS_BETTER.gainPercent(0, 5)).isNaN();
    }

    @Test
    void costRatiosAreAtLeastOneWhicheverWayTheMetricImproves() {
        assertThat(Direction.HIGHER_IS_BETTER.costRatio(50, 100)).isEqualTo(2);
        assertThat(Direction.LOWER_IS_BETTER.costRatio(138, 100)).isCloseTo(1.38, within(1e-12));
    }
}
