package org.iobench.compare;

/**
 * One cell of a {@link MultiColumnComparison}: a workload under one label value.
 *
 * @param label the label value of the column
 * @param summary the runs of the cell; {@code n == 0} and NaN statistics when there were none
 * @param ratio cost relative to the fastest cell of the row, at least 1.00 and exactly 1.00 for
 *     the fastest ({@link Direction#costRatio}); {@code NaN} when the cell has no positive mean
 * @param ratioStandardError one standard error of {@code ratio}: {@code ratio * sqrt(rseCell^2
 *     + rseFastest^2)}, with rse the relative standard error of a mean; 0 for the fastest cell
 *     (the reference), {@code NaN} when either cell has fewer than two runs
 * @param fastest whether this is the reference cell of its row (the fastest, or the named reference column)
 * @param memberMeans the mean of each member of a parallel group, in member order; null outside a group
 */
public record MultiCell(String label, Summary summary, double ratio, double ratioStandardError, boolean fastest,
                        double[] memberMeans) {}
