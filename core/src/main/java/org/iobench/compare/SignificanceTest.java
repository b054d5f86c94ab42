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
     * The test that suits the number of runs, row by row: {@link #WELCH_T_LOG} when a side has fewer than
     * {@link AbComparison#MIN_RUNS} runs (where Mann-Whitney U cannot reach 0.05), else {@link #MANN_WHITNEY_U}. The
     * result names the test that ran.
     */
    AUTOMATIC {
        @Override
        public TestResult test(double[] base, double[] candidate) {
            boolean few = base.length < AbComparison.MIN_RUNS || candidate.length < AbComparison.MIN_RUNS;
            return (few ? WELCH_T_LOG : MANN_WHITNEY_U).test(base, candidate);
        }
    };

    /** How footnotes name the test. */
    public String label() {
        return switch (this) {
            case MANN_WHITNEY_U -> "Mann-Whitney U";
            case WELCH_T -> "Welch's t-test";
            case WELCH_T_LOG -> "Welch's t-test on log values";
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
}
