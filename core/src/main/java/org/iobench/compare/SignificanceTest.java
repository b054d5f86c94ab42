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
    },
    /**
     * Welch's t-test on log values: compares geometric means, for rates whose noise is a share of the value; can be
     * significant with 3 + 3 runs.
     */
    WELCH_T_LOG {
        @Override
        public TestResult test(double[] base, double[] candidate) {
            return WelchT.testOfLogs(base, candidate);
        }
    },
    /**
     * The prediction t-test on log values: is a single value outside what the other side's geometric mean and spread
     * predict for one new value? {@code t = (ln x - mean(ln y)) / (s · sqrt(1 + 1/n))}, {@code n - 1} degrees of
     * freedom, two-sided. One side must hold exactly one value and the other three or more.
     */
    PREDICTION_T_LOG {
        @Override
        public TestResult test(double[] base, double[] candidate) {
            return WelchT.predictionOfLogs(base, candidate);
        }
    },
    /**
     * The test that suits the number of runs, row by row; {@code compare} and {@code check} both use it, so the same
     * runs get the same test and p-value in both ({@link #choose}). The result names the test that ran.
     */
    AUTOMATIC {
        @Override
        public TestResult test(double[] base, double[] candidate) {
            return test(base, candidate, AbOptions.DEFAULT_ALPHA);
        }

        @Override
        public TestResult test(double[] base, double[] candidate, double alpha) {
            return choose(base.length, candidate.length, alpha).test(base, candidate);
        }
    };

    /**
     * The one rule that picks the test for {@code n1} base and {@code n2} new values (docs/statistics.md, "Which test
     * runs"): Mann-Whitney U when both sides have {@link AbComparison#MIN_RUNS} or more values and its smallest
     * possible p-value, {@code 2 / C(n1 + n2, n1)}, is at most {@code alpha}; else Welch's t-test on log values when
     * both sides have two or more; else the prediction t-test on log values when one side has one value and the other
     * three or more; else Welch's t-test on log values, which is then undefined (too few values).
     */
    public static SignificanceTest choose(int n1, int n2, double alpha) {
        if (n1 >= AbComparison.MIN_RUNS && n2 >= AbComparison.MIN_RUNS && MannWhitneyU.smallestP(n1, n2) <= alpha) {
            return MANN_WHITNEY_U;
        }
        if (Math.min(n1, n2) == 1 && Math.max(n1, n2) >= 3) {
            return PREDICTION_T_LOG;
        }
        return WELCH_T_LOG;
    }

    /** How footnotes name the test. */
    public String label() {
        return switch (this) {
            case MANN_WHITNEY_U -> "Mann-Whitney U";
            case WELCH_T -> "Welch's t-test";
            case WELCH_T_LOG -> "Welch's t-test on log values";
            case PREDICTION_T_LOG -> "prediction t-test on log values";
            case AUTOMATIC -> "Welch's t-test on log values below " + AbComparison.MIN_RUNS
                    + " runs a side, else Mann-Whitney U";
        };
    }

    /**
     * Runs the test; never throws for too few values (the result is then
     * {@link PValueMethod#UNDEFINED}).
     *
     * @throws IllegalArgumentException if a value is NaN or infinite
     */
    public abstract TestResult test(double[] base, double[] candidate);

    /** As {@link #test(double[], double[])} at significance level {@code alpha} (which {@link #AUTOMATIC} needs). */
    public TestResult test(double[] base, double[] candidate, double alpha) {
        return test(base, candidate);
    }
}
