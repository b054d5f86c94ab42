package org.iobench.compare;

import org.hipparchus.stat.StatUtils;
import org.hipparchus.stat.inference.TTest;

/** Welch's unequal-variances t-test, two-sided; a thin wrapper over Hipparchus {@link TTest}. */
public final class WelchT {
    private WelchT() {}

    /**
     * Tests whether the means of {@code base} and {@code candidate} differ.
     *
     * <p>The p-value is {@link PValueMethod#UNDEFINED} ({@code NaN}) when a sample has fewer than
     * two values or both samples have zero variance (the statistic is then 0/0 or infinite).
     *
     * @throws IllegalArgumentException if a value is NaN or infinite
     */
    public static TestResult test(double[] base, double[] candidate) {
        Samples.checkFinite("base", base);
        Samples.checkFinite("candidate", candidate);
        int n1 = base.length;
        int n2 = candidate.length;
        if (n1 < 2 || n2 < 2) {
            return TestResult.undefined(SignificanceTest.WELCH_T);
        }
        double se1 = StatUtils.variance(base) / n1;
        double se2 = StatUtils.variance(candidate) / n2;
        if (se1 + se2 == 0) {
            return TestResult.undefined(SignificanceTest.WELCH_T);
        }
        double df = (se1 + se2) * (se1 + se2) / (se1 * se1 / (n1 - 1) + se2 * se2 / (n2 - 1));
        TTest tTest = new TTest();
        return new TestResult(SignificanceTest.WELCH_T, tTest.t(base, candidate), df,
                tTest.tTest(base, candidate), PValueMethod.STUDENT_T);
    }
}
