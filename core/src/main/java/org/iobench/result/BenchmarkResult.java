package org.iobench.result;

import java.util.List;
import org.iobench.job.JobSpec;

/**
 * A job and all its runs.
 *
 * @param complete false when a run was cut short; then later runs did not happen
 * @param findings the advisor's findings about this benchmark (empty until advised)
 */
public record BenchmarkResult(JobSpec job, TargetInfo target, List<RunResult> runs, RunSummary summary,
                              boolean complete, List<Finding> findings) {
    public BenchmarkResult {
        runs = List.copyOf(runs);
        findings = List.copyOf(findings);
    }

    public static BenchmarkResult of(JobSpec job, TargetInfo target, List<RunResult> runs) {
        return new BenchmarkResult(job, target, runs, RunSummary.of(runs),
                runs.size() == job.timing().runs() && runs.stream().allMatch(RunResult::complete), List.of());
    }

    /** This result with the advisor's findings attached. */
    public BenchmarkResult withFindings(List<Finding> found) {
        return new BenchmarkResult(job, target, runs, summary, complete, found);
    }
}
