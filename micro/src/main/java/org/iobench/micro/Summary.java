package org.iobench.micro;

import java.util.Arrays;
import java.util.List;

/**
 * Statistics of one variant's samples, all in nanoseconds per operation. Values that need more samples than there
 * are (a standard deviation of one sample) are NaN.
 *
 * @param n                 number of samples
 * @param ci95NanosPerOp    half-width of the 95 % confidence interval of the mean (Student t, n - 1 d.f.)
 */
public record Summary(int n, double meanNanosPerOp, double medianNanosPerOp, double stdDevNanosPerOp,
                      double ci95NanosPerOp, double minNanosPerOp, double maxNanosPerOp) {

    public static Summary of(List<Double> samplesNanosPerOp) {
        double[] xs = samplesNanosPerOp.stream().mapToDouble(Double::doubleValue).toArray();
        int n = xs.length;
        if (n == 0) {
            return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        double mean = sum / n;
        double squares = 0;
        for (double x : xs) {
            squares += (x - mean) * (x - mean);
        }
        double stdDev = n > 1 ? Math.sqrt(squares / (n - 1)) : Double.NaN;
        double ci = stdDev * StudentT.quantile95(n - 1) / Math.sqrt(n);
        double[] sorted = xs.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Summary(n, mean, median, stdDev, ci, sorted[0], sorted[n - 1]);
    }

    /** CI half-width relative to the mean (0.02 = ±2 %); NaN when either is absent. */
    public double relativeCi95() {
        return ci95NanosPerOp / meanNanosPerOp;
    }

    public double ciLowNanosPerOp() {
        return meanNanosPerOp - ci95NanosPerOp;
    }

    public double ciHighNanosPerOp() {
        return meanNanosPerOp + ci95NanosPerOp;
    }
}
