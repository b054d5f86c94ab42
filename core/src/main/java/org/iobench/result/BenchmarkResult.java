package org.iobench.result;

import java.util.List;
import org.iobench.job.JobSpec;

/**
 * A job and all its runs.
 *
 * @param complete false when a run was cut short; then later runs did not happen
 * @param findings the advisor's findings about this benchmark (empty until advised)
 * @param test     which test of a suite or job file this is, and its place in the test's group; null for a job
 *                 run on its own (a plain {@code run}, a sweep point, an import without one)
 */
public record BenchmarkResult(JobSpec job, TargetInfo target, List<RunResult> runs, RunSummary summary,
                              boolean complete, List<Finding> findings, TestId test) {
    public BenchmarkResult {
        runs = List.copyOf(runs);
        findings = List.copyOf(findings);
    }

    /** A result outside any suite or job file (the shape before {@link TestId}). */
    public BenchmarkResult(JobSpec job, TargetInfo target, List<RunResult> runs, RunSummary summary,
                           boolean complete, List<Finding> findings) {
        this(job, target, runs, summary, complete, findings, null);
    }

    public static BenchmarkResult of(JobSpec job, TargetInfo target, List<RunResult> runs) {
        return new BenchmarkResult(job, target, runs, RunSummary.of(runs),
                runs.size() == job.timing().runs() && runs.stream().allMatch(RunResult::complete), List.of());
    }

    /** This result with the advisor's findings attached. */
    public BenchmarkResult withFindings(List<Finding> found) {
        return new BenchmarkResult(job, target, runs, summary, complete, found, test);
    }

    /**
     * This result with every run's series folded as runs are measured now ({@link Intervals#folded}): how a
     * result saved before that rule reads.
     */
    public BenchmarkResult withFoldedSeries() {
        List<RunResult> folded = runs.stream().map(RunResult::withFoldedSeries).toList();
        return new BenchmarkResult(job, target, folded, summary, complete, findings, test);
    }

    /** This result as {@code id} of its suite or job file. */
    public BenchmarkResult withTest(TestId id) {
        return new BenchmarkResult(job, target, runs, summary, complete, findings, id);
    }
}
