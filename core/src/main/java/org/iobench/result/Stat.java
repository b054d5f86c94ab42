package org.iobench.result;

import org.hipparchus.stat.descriptive.DescriptiveStatistics;

/**
 * A metric across the runs of a job: min, mean, max, sample standard deviation and coefficient of variation
 * ({@code stddev / mean}). With one run, stddev and cv are NaN.
 */
public record Stat(int n, double min, double mean, double max, double stddev, double cv) {

    public static Stat of(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new Stat(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        DescriptiveStatistics s =
                new DescriptiveStatistics(values);
        double sd = n > 1 ? s.getStandardDeviation() : Double.NaN;
        double mean = s.getMean();
        return new Stat(n, s.getMin(), mean, s.getMax(), sd, n > 1 && mean != 0 ? sd / mean : Double.NaN);
    }
}
