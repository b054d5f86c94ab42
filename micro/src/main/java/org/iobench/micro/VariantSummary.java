package org.iobench.micro;

import java.util.Arrays;
import java.util.List;

/**
 * Statistics of one variant's samples, all in nanoseconds per operation. Values that need more samples than there
 * are (a standard deviation of one sample) are NaN.
 *
 * <p>Mean, standard deviation and confidence interval leave out <em>upper outliers</em>, samples above
 * {@code Q3 + 1.5 IQR} (Tukey's fence, as BenchmarkDotNet does by default): on a shared machine a sample that was
 * descheduled or hit a GC pause is slower for reasons that are not the code's. Interference cannot make a sample
 * faster, so low samples are never removed. Median, min and max are over all samples.
 *
 * @param n                 number of samples, outliers included
 * @param ci95NanosPerOp    half-width of the 95 % confidence interval of the mean (Student t, n - outliers - 1 d.f.)
 * @param upperOutliers     samples left out of mean, standard deviation and confidence interval
 */
public record VariantSummary(int n, double meanNanosPerOp, double medianNanosPerOp, double stdDevNanosPerOp,
                             double ci95NanosPerOp, double minNanosPerOp, double maxNanosPerOp, int upperOutliers) {

    /** Samples needed before outliers are looked for; quartiles of fewer are meaningless. */
    static final int MIN_SAMPLES_FOR_OUTLIERS = 5;

    public static VariantSummary of(List<Double> samplesNanosPerOp) {
        double[] sorted = samplesNanosPerOp.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        if (n == 0) {
            return new VariantSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        }
        int kept = n;
        if (n >= MIN_SAMPLES_FOR_OUTLIERS) {
            double q1 = quantile(sorted, 0.25);
            double q3 = quantile(sorted, 0.75);
            double fence = q3 + 1.5 * (q3 - q1);
            while (sorted[kept - 1] > fence) {
                kept--;
            }
        }
        double[] xs = Arrays.copyOf(sorted, kept);
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        double mean = sum / kept;
        double squares = 0;
        for (double x : xs) {
            squares += (x - mean) * (x - mean);
        }
        double stdDev = kept > 1 ? Math.sqrt(squares / (kept - 1)) : Double.NaN;
        double ci = stdDev * StudentT.quantile95(kept - 1) / Math.sqrt(kept);
        return new VariantSummary(n, mean, quantile(sorted, 0.5), stdDev, ci, sorted[0], sorted[n - 1], n - kept);
    }

    /** Linear interpolation between closest ranks (R type 7, Excel's QUARTILE.INC) of sorted values. */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
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
