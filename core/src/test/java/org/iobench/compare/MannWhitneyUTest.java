package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class MannWhitneyUTest {

    @Test
    void hollanderAndWolfeExampleGivesTheExactPValueOfRsHelpPage() {
        // Hollander & Wolfe (1973), p. 69 (permeability constants), the example of R's ?wilcox.test:
        // wilcox.test(x, y, alternative = "g") -> W = 35, p-value = 0.1272 (exact);
        // two-sided is twice that: 0.2544 (scipy.stats.mannwhitneyu(method="exact"): 0.2544122544).
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};

        TestResult r = MannWhitneyU.test(x, y);

        assertThat(r.statistic()).isEqualTo(35);
        assertThat(r.method()).isEqualTo(PValueMethod.EXACT);
        assertThat(r.pValue()).isCloseTo(2 * 0.1272061272, within(1e-9));
    }

    @Test
    void sleepDataWithTiesUsesTheCorrectedNormalApproximation() {
        // R: wilcox.test(extra ~ group, data = sleep) -> W = 25.5, p-value = 0.06933
        // ("cannot compute exact p-value with ties"); scipy asymptotic, use_continuity: 0.0693275754.
        TestResult r = MannWhitneyU.test(SummaryTest.SLEEP_GROUP_1, SummaryTest.SLEEP_GROUP_2);

        assertThat(r.statistic()).isEqualTo(25.5);
        assertThat(r.method()).isEqualTo(PValueMethod.NORMAL_APPROXIMATION);
        assertThat(r.pValue()).isCloseTo(0.0693275754, within(1e-9));
    }

    @Test
    void completeSeparationOfThreeAgainstThreeCannotReachFivePercent() {
        // Only 2 of the C(6, 3) = 20 orderings are this extreme: p = 2/20.
        TestResult r = MannWhitneyU.test(new double[] {1, 2, 3}, new double[] {4, 5, 6});

        assertThat(r.statistic()).isZero();
        assertThat(r.pValue()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void completeSeparationOfFourAgainstFourIsSignificant() {
        // 2 of C(8, 4) = 70 orderings: p = 0.0285714 (R: wilcox.test(1:4, 5:8) p-value = 0.02857).
        TestResult r = MannWhitneyU.test(new double[] {5, 6, 7, 8}, new double[] {1, 2, 3, 4});

        assertThat(r.statistic()).isEqualTo(16);
        assertThat(r.pValue()).isCloseTo(2.0 / 70, within(1e-12));
    }

    @Test
    void largeSamplesWithoutTiesUseTheNormalApproximation() {
        // x = 1..50, y = 20.5..69.5: no ties, n = 50 reaches the exact limit.
        // scipy.stats.mannwhitneyu(x, y, method="asymptotic") -> U = 465, p = 6.366071075125588e-08
        // (the same as R's wilcox.test(x, y, exact = FALSE)).
        double[] x = IntStream.rangeClosed(1, 50).asDoubleStream().toArray();
        double[] y = IntStream.rangeClosed(1, 50).mapToDouble(i -> i + 19.5).toArray();

        TestResult r = MannWhitneyU.test(x, y);

        assertThat(r.method()).isEqualTo(PValueMethod.NORMAL_APPROXIMATION);
        assertThat(r.statistic()).isEqualTo(465);
        assertThat(r.pValue()).isCloseTo(6.366071075125588e-08, within(1e-18));
    }

    @Test
    void identicalConstantSamplesGiveAPValueOfOne() {
        TestResult r = MannWhitneyU.test(new double[] {3, 3, 3}, new double[] {3, 3});

        assertThat(r.pValue()).isEqualTo(1);
    }

    @Test
    void anEmptySampleGivesAnUndefinedPValue() {
        TestResult r = MannWhitneyU.test(new double[] {}, new double[] {1, 2});

        assertThat(r.method()).isEqualTo(PValueMethod.UNDEFINED);
        assertThat(r.pValue()).isNaN();
    }

    @Test
    void exactDistributionSumsToOneAndIsSymmetric() {
        double[] p = UDistribution.probabilities(49, 49);

        assertThat(IntStream.range(0, p.length).mapToDouble(i -> p[i]).sum()).isCloseTo(1, within(1e-12));
        assertThat(p[0]).isCloseTo(p[p.length - 1], within(1e-40));
        assertThat(p[100]).isCloseTo(p[p.length - 101], within(1e-30));
    }

    @Property(tries = 200)
    void pValueDoesNotDependOnWhichSampleIsBase(
            @ForAll @Size(min = 1, max = 12) double[] a,
            @ForAll @Size(min = 1, max = 12) double[] b) {
        TestResult ab = MannWhitneyU.test(a, b);
        TestResult ba = MannWhitneyU.test(b, a);

        assertThat(ab.pValue()).isCloseTo(ba.pValue(), within(1e-12));
        assertThat(ab.statistic() + ba.statistic()).isEqualTo(a.length * b.length);
        assertThat(ab.pValue()).isBetween(0.0, 1.0);
    }
}
