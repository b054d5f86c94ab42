package org.iobench.compare;

import java.util.Objects;

/**
 * How an {@link AbComparison} judges its rows.
 *
 * @param direction which way the metric improves
 * @param alpha significance level, in (0, 1); a row is significant when p &lt; alpha
 * @param test the two-sided test whose p-value is compared with {@code alpha}
 */
public record AbOptions(Direction direction, double alpha, SignificanceTest test) {
    /** Default significance level, as in benchstat. */
    public static final double DEFAULT_ALPHA = 0.05;

    public AbOptions {
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(test, "test");
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha must be between 0 and 1 (exclusive): alpha=" + alpha);
        }
    }

    /** Mann-Whitney U at alpha 0.05 for a metric in {@code direction}. */
    public static AbOptions defaults(Direction direction) {
        return new AbOptions(direction, DEFAULT_ALPHA, SignificanceTest.MANN_WHITNEY_U);
    }

    public AbOptions withAlpha(double alpha) {
        return new AbOptions(direction, alpha, test);
    }

    public AbOptions withTest(SignificanceTest test) {
        return new AbOptions(direction, alpha, test);
    }
}
