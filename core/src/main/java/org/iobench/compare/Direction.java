package org.iobench.compare;

/** Which way a metric improves: throughput is higher-is-better, latency lower-is-better. */
public enum Direction {
    HIGHER_IS_BETTER,
    LOWER_IS_BETTER;

    /**
     * Gain in percent of going from {@code base} to {@code candidate}, positive when the
     * candidate is better: {@code (candidate / base - 1) * 100} for higher-is-better,
     * {@code (1 - candidate / base) * 100} for lower-is-better (halving a latency is +50 %).
     * {@code NaN} when {@code base} is 0 or either value is NaN.
     */
    public double gainPercent(double base, double candidate) {
        return gainPercent(base == 0 ? Double.NaN : candidate / base);
    }

    /** Gain in percent for a ratio {@code candidate / base}, as {@link #gainPercent(double, double)}. */
    public double gainPercent(double ratio) {
        return this == HIGHER_IS_BETTER ? (ratio - 1) * 100 : (1 - ratio) * 100;
    }

    /**
     * Cost of {@code value} relative to {@code best}, at least 1 when {@code best} is the better
     * value: {@code best / value} for higher-is-better (half the throughput costs 2.00),
     * {@code value / best} for lower-is-better (the way .NET and BenchmarkDotNet print time ratios).
     */
    public double costRatio(double value, double best) {
        return this == HIGHER_IS_BETTER ? best / value : value / best;
    }

    /** True if {@code a} is strictly better than {@code b}. */
    public boolean isBetter(double a, double b) {
        return this == HIGHER_IS_BETTER ? a > b : a < b;
    }
}
