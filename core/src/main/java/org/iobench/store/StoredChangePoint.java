package org.iobench.store;

/**
 * A change point of one workload's series of stored runs (by time), as the store keeps it in {@code change_points}.
 *
 * @param workload     the series' name, as {@code iobench history} prints it ({@code randread 4KiB 1 thread qd1
 *                     ...})
 * @param metric       the unit of the means ({@code MB/s}; {@code ns/op} for micro-benchmarks)
 * @param runId        the first run after the change (the run of the series' first point after it)
 * @param runBefore    the last run before the change
 * @param pValue       the permutation test's p-value
 * @param meanBefore   mean of the segment before, in {@code metric}
 * @param meanAfter    mean of the segment after
 * @param changePercent {@code (after / before - 1) · 100}; NaN when the mean before is 0
 */
public record StoredChangePoint(String workload, String metric, long runId, long runBefore, double pValue,
                                double meanBefore, double meanAfter, double changePercent) {}
