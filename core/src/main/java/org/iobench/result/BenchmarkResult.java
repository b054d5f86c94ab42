package org.iobench.result;

import java.util.List;
import org.iobench.job.JobSpec;

/**
 * A job and all its runs.
 *
 * @param complete false when a run was cut short; then later runs did not happen
 */
public record BenchmarkResult(JobSpec job, TargetInfo target, List<RunResult> runs, RunSummary summary,
                              boolean complete) {
    public BenchmarkResult {
        runs = List.copyOf(runs);
    }

    public static BenchmarkResult of(JobSpec job, TargetInfo target, List<RunResult> runs) {
        return new BenchmarkResult(job, target, runs, RunSummary.of(runs),
                runs.size() == job.runs() && runs.stream().allMatch(RunResult::complete));
    }
}
