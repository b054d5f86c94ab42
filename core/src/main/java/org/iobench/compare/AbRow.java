package org.iobench.compare;

/**
 * One workload of an {@link AbComparison}.
 *
 * @param workload label of the row
 * @param base summary of the base runs (min, mean, max, ...)
 * @param candidate summary of the new runs
 * @param ratio {@code candidate.mean / base.mean}; {@code NaN} if either is absent or base is 0
 * @param gainPercent change of the mean in percent, positive when better
 *     ({@link Direction#gainPercent(double)})
 * @param test the test of difference and its p-value
 * @param significant {@code test.pValue() < alpha}; false when the p-value is NaN. Reports show
 *     {@code ~} instead of the gain when false
 */
public record AbRow(
        String workload,
        Summary base,
        Summary candidate,
        double ratio,
        double gainPercent,
        TestResult test,
        boolean significant) {}
