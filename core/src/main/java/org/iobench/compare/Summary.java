package org.iobench.compare;

import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.descriptive.DescriptiveStatistics;

/**
 * Descriptive statistics of one sample, for example the throughputs of the runs of one workload.
 *
 * <p>Every value is in the unit of the sample. Statistics that need more values than the sample
 * has are {@code NaN}, never an exception: {@code min}, {@code mean}, {@code max} and
 * {@code median} need one value; {@code stddev}, {@code coefficientOfVariation} and the
 * confidence interval need two. {@code coefficientOfVariation} is also {@code NaN} when the mean
 * is 0.
 *
 * @param n number of values, 0 or more
 * @param min smallest value
 * @param mean arithmetic mean
 * @param max largest value
 * @param stddev sample standard deviation (divisor {@code n - 1})
 * @param coefficientOfVariation {@code stddev / |mean|}, a fraction (0.05 is 5 %)
 * @param median middle value, or the mean of the two middle values when {@code n} is even
 * @param ci95Low lower bound of the two-sided 95 % confidence interval of the mean (Student t,
 *     {@code n - 1} degrees of freedom)
 * @param ci95High upper bound of that interval
 */
public record Summary(
        int n,
        double min,
        double mean,
        double max,
        double stddev,
        double coefficientOfVariation,
        double median,
        double ci95Low,
        double ci95High) {

    /** Confidence level of {@link #ci95Low()} and {@link #ci95High()}. */
    public static final double CONFIDENCE_LEVEL = 0.95;

    /**
     * Summarizes {@code values}; the array is not modified.
     *
     * @throws IllegalArgumentException if a value is NaN or infinite
     */
    public static Summary of(double... values) {
        Samples.checkFinite("values", values);
        int n = values.length;
        if (n == 0) {
            return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN);
        }
        DescriptiveStatistics stats = new DescriptiveStatistics(values);
        double mean = stats.getMean();
        double median = stats.getPercentile(50);
        if (n == 1) {
            return new Summary(1, mean, mean, mean, Double.NaN, Double.NaN, median, Double.NaN, Double.NaN);
        }
        double stddev = stats.getStandardDeviation();
        double cv = mean == 0 ? Double.NaN : stddev / Math.abs(mean);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + CONFIDENCE_LEVEL / 2);
        double halfWidth = t * stddev / Math.sqrt(n);
        return new Summary(n, stats.getMin(), mean, stats.getMax(), stddev, cv, median,
                mean - halfWidth, mean + halfWidth);
    }

    /**
     * Standard error of the mean, {@code stddev / sqrt(n)}; {@code NaN} when {@code n < 2}.
     */
    public double standardError() {
        return stddev / Math.sqrt(n);
    }

    /**
     * Relative standard error of the mean, {@code standardError / |mean|}, a fraction;
     * {@code NaN} when {@code n < 2} or the mean is 0.
     */
    public double relativeStandardError() {
        return mean == 0 ? Double.NaN : standardError() / Math.abs(mean);
    }
}
