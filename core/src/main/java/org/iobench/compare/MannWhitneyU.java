package org.iobench.compare;

import java.util.Arrays;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.stat.ranking.NaNStrategy;
import org.hipparchus.stat.ranking.NaturalRanking;
import org.hipparchus.stat.ranking.TiesStrategy;
import org.hipparchus.util.CombinatoricsUtils;

/**
 * Mann-Whitney U test (Wilcoxon rank-sum test), two-sided, computed the way R's
 * {@code wilcox.test(base, candidate)} does.
 *
 * <p>The p-value is exact when both samples have fewer than {@value #EXACT_LIMIT} values and no
 * value occurs twice (ties); otherwise it comes from the normal approximation with the tie
 * correction of the variance and a continuity correction of 0.5. Only Hipparchus's ranking is
 * reused: the p-value is computed here so that it follows R's rules (exact limit, tie and
 * continuity corrections) in every case.
 */
public final class MannWhitneyU {
    /** Samples smaller than this (both) and without ties get an exact p-value. */
    public static final int EXACT_LIMIT = 50;

    private MannWhitneyU() {}

    /**
     * The smallest two-sided p-value the exact test can give with {@code n1} and {@code n2} values: the most extreme
     * ordering, {@code 2 / C(n1 + n2, n1)} (0.100 for 3 + 3, 0.029 for 4 + 4); 1 when a side is empty.
     */
    public static double smallestP(int n1, int n2) {
        if (n1 <= 0 || n2 <= 0) {
            return 1;
        }
        return Math.min(1, 2 / CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n1));
    }

    /**
     * Tests whether values of {@code base} tend to be larger or smaller than those of
     * {@code candidate}.
     *
     * <p>The p-value is {@link PValueMethod#UNDEFINED} ({@code NaN}) when a sample is empty. When
     * every value of both samples is equal the p-value is 1 (R answers NaN): U sits exactly on
     * its expected value, so there is no evidence of a difference.
     *
     * @throws IllegalArgumentException if a value is NaN or infinite
     */
    public static TestResult test(double[] base, double[] candidate) {
        Samples.checkFinite("base", base);
        Samples.checkFinite("candidate", candidate);
        int n1 = base.length;
        int n2 = candidate.length;
        if (n1 == 0 || n2 == 0) {
            return TestResult.undefined(SignificanceTest.MANN_WHITNEY_U);
        }
        double[] all = new double[n1 + n2];
        System.arraycopy(base, 0, all, 0, n1);
        System.arraycopy(candidate, 0, all, n1, n2);
        double[] ranks = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE).rank(all);
        double rankSum = 0;
        for (int i = 0; i < n1; i++) {
            rankSum += ranks[i];
        }
        double u = rankSum - n1 * (n1 + 1.0) / 2;
        double tieTerm = tieTerm(ranks);
        if (tieTerm == 0 && n1 < EXACT_LIMIT && n2 < EXACT_LIMIT) {
            return new TestResult(SignificanceTest.MANN_WHITNEY_U, u, Double.NaN,
                    exactPValue((int) u, n1, n2), PValueMethod.EXACT);
        }
        return new TestResult(SignificanceTest.MANN_WHITNEY_U, u, Double.NaN,
                normalPValue(u, n1, n2, tieTerm), PValueMethod.NORMAL_APPROXIMATION);
    }

    private static double exactPValue(int u, int n1, int n2) {
        double[] probability = UDistribution.probabilities(n1, n2);
        double atMost = 0;
        for (int k = 0; k <= u; k++) {
            atMost += probability[k];
        }
        double atLeast = 0;
        for (int k = u; k < probability.length; k++) {
            atLeast += probability[k];
        }
        return Math.min(1, 2 * Math.min(atMost, atLeast));
    }

    private static double normalPValue(double u, int n1, int n2, double tieTerm) {
        int n = n1 + n2;
        double variance = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1.0)));
        double deviation = u - n1 * (double) n2 / 2;
        if (variance <= 0 || deviation == 0) {
            return 1;
        }
        double z = (deviation - Math.signum(deviation) * 0.5) / Math.sqrt(variance);
        return Math.min(1, 2 * new NormalDistribution(0, 1).cumulativeProbability(-Math.abs(z)));
    }

    /** Sum of {@code t^3 - t} over groups of {@code t} tied values; 0 without ties. */
    private static double tieTerm(double[] ranks) {
        double[] sorted = ranks.clone();
        Arrays.sort(sorted);
        double term = 0;
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[i]) {
                j++;
            }
            double t = j - i + 1;
            term += t * t * t - t;
            i = j + 1;
        }
        return term;
    }
}
