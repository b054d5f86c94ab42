package org.iobench.compare;

import java.util.Arrays;
import java.util.stream.DoubleStream;
import org.hipparchus.distribution.continuous.TDistribution;
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

    /**
     * The prediction t-test on log values: one side holds a single value, the other three or more; is the single
     * value's log outside what the other side's log mean and spread predict for one new value?
     * {@code t = (ln x - mean) / (s · sqrt(1 + 1/n))} with {@code n - 1} degrees of freedom, two-sided; the statistic is
     * of base minus new, as {@link #test}'s. Undefined (NaN) for other sizes, a value not positive, or no spread.
     */
    public static TestResult predictionOfLogs(double[] base, double[] candidate) {
        Samples.checkFinite("base", base);
        Samples.checkFinite("candidate", candidate);
        boolean singleBase = base.length == 1 && candidate.length >= 3;
        boolean singleNew = candidate.length == 1 && base.length >= 3;
        if (!(singleBase || singleNew) || DoubleStream.concat(Arrays.stream(base), Arrays.stream(candidate))
                .anyMatch(v -> v <= 0)) {
            return TestResult.undefined(SignificanceTest.PREDICTION_T_LOG);
        }
        double[] many = logs(singleBase ? candidate : base);
        double single = Math.log(singleBase ? base[0] : candidate[0]);
        double sd = Math.sqrt(StatUtils.variance(many));
        if (sd == 0) {
            return TestResult.undefined(SignificanceTest.PREDICTION_T_LOG);
        }
        double t = (single - StatUtils.mean(many)) / (sd * Math.sqrt(1 + 1.0 / many.length));
        double p = Math.min(1, 2 * new TDistribution(many.length - 1)
                .cumulativeProbability(-Math.abs(t)));
        return new TestResult(SignificanceTest.PREDICTION_T_LOG, singleBase ? t : -t, many.length - 1, p,
                PValueMethod.STUDENT_T);
    }

    private static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }
}
