package org.iobench.report;

import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunSummary;

/**
 * What a sweep's or suite's table shows for a point: the summary of its complete runs; when none completed (an I/O
 * error or a signal stopped its only run), the same figures over the runs that were stopped, which the table marks
 * incomplete, rather than {@code n/a} for figures that were measured and stored.
 */
final class PartialFigures {
    private PartialFigures() {}

    static RunSummary of(BenchmarkResult b) {
        return partial(b) ? RunSummary.over(b.runs()) : b.summary();
    }

    /** Whether {@link #of} shows stopped runs' figures: the point has runs, and none completed. */
    static boolean partial(BenchmarkResult b) {
        return b.summary().bytesPerSecond().n() == 0 && !b.runs().isEmpty();
    }
}
