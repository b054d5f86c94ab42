package org.iobench.compare;

/**
 * The summary row of an {@link AbComparison}: geometric means over the workloads whose base and
 * new means are both positive (a geometric mean needs positive values).
 *
 * <p>{@code ratio} is the geometric mean of the rows' {@code new / base} ratios, which equals
 * {@code candidate / base}; unlike an arithmetic mean it gives a 2x gain and a 2x loss equal
 * weight and does not let the workloads with the largest numbers dominate.
 *
 * @param base geometric mean of the base means; {@code NaN} when {@code rows} is 0
 * @param candidate geometric mean of the new means
 * @param ratio geometric mean of the new/base ratios
 * @param gainPercent {@link Direction#gainPercent(double)} of {@code ratio}
 * @param rows number of workloads included
 */
public record Geomean(double base, double candidate, double ratio, double gainPercent, int rows) {}
