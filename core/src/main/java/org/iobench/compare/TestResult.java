package org.iobench.compare;

/**
 * Outcome of a two-sided test of difference between a base and a candidate sample.
 *
 * @param test the test that was run
 * @param statistic U of the base sample (the number of (base, candidate) pairs where the base
 *     value is larger, ties counting one half; R's {@code W}) or Welch's t of base minus
 *     candidate; {@code NaN} when undefined
 * @param degreesOfFreedom Welch-Satterthwaite degrees of freedom; {@code NaN} for Mann-Whitney U
 * @param pValue two-sided p-value in [0, 1], or {@code NaN} when {@code method} is
 *     {@link PValueMethod#UNDEFINED}
 * @param method how {@code pValue} was obtained
 */
public record TestResult(
        SignificanceTest test, double statistic, double degreesOfFreedom, double pValue, PValueMethod method) {

    static TestResult undefined(SignificanceTest test) {
        return new TestResult(test, Double.NaN, Double.NaN, Double.NaN, PValueMethod.UNDEFINED);
    }

    /** True if the p-value is defined and below {@code alpha}. */
    public boolean isSignificantAt(double alpha) {
        return pValue < alpha;
    }
}
