package org.iobench.compare;

import java.util.Arrays;
import java.util.stream.DoubleStream;
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

    /**
     * Welch's t-test on the natural logarithms of the values: a test of the ratio of the geometric means, for rates
     * whose noise is a share of the value (a run 2 % slower, not 2 MB/s slower). It can reach significance with
     * 3 + 3 runs (Mann-Whitney U cannot go below p = 0.1 there). Undefined (NaN) when a value is not positive, a
     * sample has fewer than two values or neither sample varies.
     *
     * @throws IllegalArgumentException if a value is NaN or infinite
     */
    public static TestResult testOfLogs(double[] base, double[] candidate) {
        Samples.checkFinite("base", base);
        Samples.checkFinite("candidate", candidate);
        if (DoubleStream.concat(Arrays.stream(base), Arrays.stream(candidate))
                .anyMatch(v -> v <= 0)) {
            return TestResult.undefined(SignificanceTest.WELCH_T_LOG);
        }
        TestResult r = test(logs(base), logs(candidate));
        return new TestResult(SignificanceTest.WELCH_T_LOG, r.statistic(), r.degreesOfFreedom(), r.pValue(),
                r.method());
    }

    private static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }
}
