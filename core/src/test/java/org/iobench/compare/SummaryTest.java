package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTest {
    /** R's {@code sleep} data set, group 1 (Cushny and Peebles 1905, as used by Student 1908). */
    static final double[] SLEEP_GROUP_1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};

    static final double[] SLEEP_GROUP_2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

    @Test
    void summarizesTheSleepDataLikeRsTTest() {
        // R: t.test(sleep$extra[sleep$group == 1]) -> mean of x 0.75,
        // 95 percent confidence interval: -0.5297804  2.0297804; sd() = 1.789010; median() = 0.35
        Summary s = Summary.of(SLEEP_GROUP_1);

        assertThat(s.n()).isEqualTo(10);
        assertThat(s.min()).isEqualTo(-1.6);
        assertThat(s.max()).isEqualTo(3.7);
        assertThat(s.mean()).isCloseTo(0.75, within(1e-12));
        assertThat(s.median()).isCloseTo(0.35, within(1e-12));
        assertThat(s.stddev()).isCloseTo(1.789010, within(1e-6));
        assertThat(s.coefficientOfVariation()).isCloseTo(1.789010 / 0.75, within(1e-5));
        assertThat(s.ci95Low()).isCloseTo(-0.5297804, within(1e-7));
        assertThat(s.ci95High()).isCloseTo(2.0297804, within(1e-7));
        assertThat(s.standardError()).isCloseTo(1.789010 / Math.sqrt(10), within(1e-6));
    }

    @Test
    void medianOfAnOddSampleIsItsMiddleValue() {
        assertThat(Summary.of(5, 1, 3).median()).isEqualTo(3);
    }

    @Test
    void emptySampleGivesNaNEverywhere() {
        Summary s = Summary.of();

        assertThat(s.n()).isZero();
        assertThat(List.of(s.min(), s.mean(), s.max(), s.stddev(), s.coefficientOfVariation(),
                        s.median(), s.ci95Low(), s.ci95High(), s.standardError()))
                .allMatch(v -> v.isNaN());
    }

    @Test
    void singleValueHasAMeanButNoSpread() {
        Summary s = Summary.of(42);

        assertThat(s.min()).isEqualTo(42);
        assertThat(s.mean()).isEqualTo(42);
        assertThat(s.max()).isEqualTo(42);
        assertThat(s.median()).isEqualTo(42);
        assertThat(List.of(s.stddev(), s.coefficientOfVariation(), s.ci95Low(), s.ci95High(),
                        s.relativeStandardError()))
                .allMatch(v -> v.isNaN());
    }

    @Test
    void coefficientOfVariationOfAZeroMeanIsNaN() {
        assertThat(Summary.of(-1, 1).coefficientOfVariation()).isNaN();
    }

    @Test
    void constantSampleHasAZeroWidthInterval() {
        Summary s = Summary.of(7, 7, 7);

        assertThat(s.stddev()).isZero();
        assertThat(s.ci95Low()).isEqualTo(7);
        assertThat(s.ci95High()).isEqualTo(7);
    }

    @Test
    void nonFiniteValuesAreRejectedByPosition() {
        assertThatThrownBy(() -> Summary.of(1, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("values[1] is NaN");
    }
}
