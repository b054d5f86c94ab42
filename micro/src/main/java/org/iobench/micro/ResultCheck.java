package org.iobench.micro;

import java.util.Objects;

/**
 * Decides whether a variant's result matches the suite's expected value. The default is
 * {@link #deepEquals()}; floating-point sums that add in a different order (e.g. {@code DoubleStream.sum()}, which
 * compensates rounding) need {@link #within(double)}.
 */
@FunctionalInterface
public interface ResultCheck<R> {

    boolean matches(R expected, R actual);

    /** {@link Objects#deepEquals}: arrays are compared element by element. */
    static <R> ResultCheck<R> deepEquals() {
        return Objects::deepEquals;
    }

    /**
     * Numbers equal within a relative tolerance: {@code |actual - expected| <= relative * max(|expected|, |actual|)}.
     *
     * @param relative relative tolerance, &gt;= 0 (e.g. 1e-9)
     */
    static ResultCheck<Number> within(double relative) {
        if (!(relative >= 0)) {
            throw new IllegalArgumentException("relative tolerance must be >= 0: relative=" + relative);
        }
        return (expected, actual) -> {
            if (expected == null || actual == null) {
                return expected == actual;
            }
            double e = expected.doubleValue();
            double a = actual.doubleValue();
            return e == a || Math.abs(a - e) <= relative * Math.max(Math.abs(e), Math.abs(a));
        };
    }
}
