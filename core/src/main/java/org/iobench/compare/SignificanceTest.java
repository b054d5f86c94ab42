package org.iobench.compare;

/** The two-sided tests of difference that a comparison can use. */
public enum SignificanceTest {
    /**
     * Mann-Whitney U (Wilcoxon rank-sum): no assumption about the shape of the distributions;
     * the default, as in benchstat.
     */
    MANN_WHITNEY_U {
        @Override
        public TestResult test(double[] base, double[] candidate) {
            return MannWhitneyU.test(base, candidate);
        }
    },
    /** Welch's t-test: compares means without assuming equal variances. */
    WELCH_T {
        @Override
        public TestResult test(double[] base, double[] candidate) {
            return WelchT.test(base, candidate);
        }
    };

    /**
     * Runs the test; never throws for too few values (the result is then
     * {@link PValueMethod#UNDEFINED}).
     *
     * @throws IllegalArgumentException if a value is NaN or infinite
     */
    public abstract TestResult test(double[] base, double[] candidate);
}
