package org.iobench.advise;

import java.util.List;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;

/**
 * What a rule judges: one job's result, and the other jobs of its parallel group (they shared the device and the
 * CPUs with it), if any, and the language the job was written in (its fixes are written in it).
 *
 * @param result  the job's result
 * @param group   every job of its parallel group, this one included, in job order; empty when the job ran alone
 * @param dialect the command's language: run flags, dd operands, fio options
 */
record Subject(BenchmarkResult result, List<BenchmarkResult> group, Dialect dialect) {
    Subject {
        group = List.copyOf(group);
        dialect = dialect == null ? Dialect.RUN : dialect;
    }

    static Subject alone(BenchmarkResult result) {
        return new Subject(result, List.of(), Dialect.RUN);
    }

    static Subject alone(BenchmarkResult result, Dialect dialect) {
        return new Subject(result, List.of(), dialect);
    }

    JobSpec job() {
        return result.job();
    }

    boolean inGroup() {
        return !group.isEmpty();
    }

    /** The runs that completed: a run cut short is judged by nothing but its own incompleteness. */
    List<RunResult> completeRuns() {
        return result.runs().stream().filter(RunResult::complete).toList();
    }
}
