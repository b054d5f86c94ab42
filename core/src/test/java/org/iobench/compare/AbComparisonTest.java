package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class AbComparisonTest {
    private static final AbOptions HIGHER = AbOptions.defaults(Direction.HIGHER_IS_BETTER);

    @Test
    void rowsCarryMinMeanMaxOfBothSidesAndTheGainOfTheMean() {
        AbRow row = AbComparison.of(List.of(new AbInput("4k randwrite",
                        new double[] {100, 110, 120, 130}, new double[] {150, 160, 170, 180})), HIGHER)
                .rows().getFirst();

        assertThat(row.base().min()).isEqualTo(100);
        assertThat(row.base().mean()).isEqualTo(115);
        assertThat(row.candidate().max()).isEqualTo(180);
        assertThat(row.ratio()).isCloseTo(165.0 / 115, within(1e-12));
        assertThat(row.gainPercent()).isCloseTo((165.0 / 115 - 1) * 100, within(1e-12));
        assertThat(row.test().pValue()).isCloseTo(2.0 / 70, within(1e-12));
        assertThat(row.significant()).isTrue();
    }

    @Test
    void halvingALatencyIsAFiftyPercentGain() {
        AbRow row = AbComparison.of(List.of(new AbInput("fsync latency",
                        new double[] {10, 10.1, 9.9, 10}, new double[] {5, 5.05, 4.95, 5})),
                AbOptions.defaults(Direction.LOWER_IS_BETTER)).rows().getFirst();

        assertThat(row.gainPercent()).isCloseTo(50, within(1e-9));
    }

    @Test
    void aRowIsSignificantOnlyBelowAlpha() {
        List<AbInput> inputs = List.of(new AbInput("w", new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8}));

        assertThat(AbComparison.of(inputs, HIGHER).rows().getFirst().significant()).isTrue();
        assertThat(AbComparison.of(inputs, HIGHER.withAlpha(0.01)).rows().getFirst().significant()).isFalse();
    }

    @Test
    void geomeanIsTheGeometricMeanOfTheRatios() {
        // Ratios 2 and 0.5: the geometric mean is 1 (no change), the arithmetic mean would say +25 %.
        AbComparison c = AbComparison.of(List.of(
                new AbInput("a", new double[] {10, 10, 10, 10}, new double[] {20, 20, 20, 20}),
                new AbInput("b", new double[] {1000, 1000, 1000, 1000}, new double[] {500, 500, 500, 500})), HIGHER);

        assertThat(c.geomean().ratio()).isCloseTo(1, within(1e-12));
        assertThat(c.geomean().gainPercent()).isCloseTo(0, within(1e-9));
        assertThat(c.geomean().base()).isCloseTo(100, within(1e-9));
        assertThat(c.geomean().rows()).isEqualTo(2);
    }

    @Test
    void fewRunsGiveTheWarningOfTheBrief() {
        AbComparison c = AbComparison.of(List.of(
                new AbInput("4k randwrite", new double[] {1, 2, 3}, new double[] {4, 5, 6, 7}),
                new AbInput("1m write", new double[] {1, 2, 3, 4}, new double[] {4, 5, 6, 7})), HIGHER);

        assertThat(c.warnings()).containsExactly(
                "base has 3 runs for '4k randwrite'; 4 or more are needed for a meaningful p-value",
                "with 3 + 4 runs of '4k randwrite' the Mann-Whitney p-value cannot go below 0.057,"
                        + " so no difference can be significant at alpha 0.05");
    }

    @Test
    void anEmptySideGivesNaNAndWarningsButNoException() {
        AbComparison c = AbComparison.of(List.of(
                new AbInput("seq read", new double[] {}, new double[] {1, 2, 3, 4}),
                new AbInput("seq write", new double[] {1, 2, 3, 4}, new double[] {1, 2, 3, 4})), HIGHER);
        AbRow row = c.rows().getFirst();

        assertThat(row.base().mean()).isNaN();
        assertThat(row.gainPercent()).isNaN();
        assertThat(row.test().pValue()).isNaN();
        assertThat(row.significant()).isFalse();
        assertThat(c.geomean().rows()).isEqualTo(1);
        assertThat(c.warnings()).containsExactly(
                "base has no runs for 'seq read'; 4 or more are needed for a meaningful p-value",
                "the geomean leaves out 'seq read' (a mean is absent or not positive)");
    }

    @Test
    void constantSamplesMakeTheTTestUndefinedAndSaySo() {
        AbComparison c = AbComparison.of(List.of(
                        new AbInput("cached read", new double[] {5, 5, 5, 5}, new double[] {6, 6, 6, 6})),
                HIGHER.withTest(SignificanceTest.WELCH_T));

        assertThat(c.rows().getFirst().significant()).isFalse();
        assertThat(c.warnings()).containsExactly(
                "the t-test is undefined for 'cached read': all runs on each side gave the same value");
    }

    @Test
    void aWorkloadThatAppearsTwiceIsRejected() {
        AbInput once = new AbInput("4K", new double[] {1}, new double[] {2});

        assertThatThrownBy(() -> AbComparison.of(List.of(once, once), HIGHER))
                .hasMessage("workload '4K' appears twice");
    }

    @Test
    void alphaOutsideZeroToOneIsRejectedByName() {
        assertThatThrownBy(() -> HIGHER.withAlpha(5))
                .hasMessage("--alpha must be between 0 and 1 (exclusive): alpha=5.0");
    }

    @Test
    void inputsAreCopiedSoLaterChangesDoNotLeakIn() {
        double[] base = {1, 2, 3, 4};
        AbInput input = new AbInput("w", base, new double[] {1, 2, 3, 4});
        base[0] = 100;

        assertThat(input.base()[0]).isEqualTo(1);
    }
}
