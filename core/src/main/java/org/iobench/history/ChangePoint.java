package org.iobench.history;

/**
 * A change in a series of points, found by {@link EDivisive}.
 *
 * @param index      the first point after the change (1 to points - 1): the change lies between points
 *                   {@code index - 1} and {@code index}
 * @param pValue     the permutation test's p-value when the split was found, {@code (b + 1) / (R + 1)} for b of R
 *                   random orderings at least as divergent
 * @param meanBefore mean of every sample from the previous change point (or the first point) up to point
 *                   {@code index - 1}, in the samples' unit
 * @param meanAfter  mean of every sample from point {@code index} up to the next change point (or the last point)
 */
public record ChangePoint(int index, double pValue, double meanBefore, double meanAfter) {
    /** The shift of the mean in percent, {@code (after / before - 1) · 100}; NaN when the mean before is 0. */
    public double changePercent() {
        return meanBefore == 0 ? Double.NaN : (meanAfter / meanBefore - 1) * 100;
    }
}
