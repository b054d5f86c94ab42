package org.iobench.session;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * The host of a job an agent runs for a controller: the controller's stop switch instead of a signal trap, the
 * agent's listener (start barrier, progress, histograms) instead of a progress line, every job checked by
 * {@code vet} (allowed paths, overwrite consent) before it runs, and the results handed to {@code results}
 * instead of printed or saved (the controller prints and saves them).
 *
 * @param err where the session's own lines go (the agent's standard error)
 */
public record AgentHost(RunControl control, RunListener listener, UnaryOperator<JobSpec> vetting,
                        Consumer<List<BenchmarkResult>> results, PrintStream err) implements RunHost {
    @Override
    public JobSpec vet(JobSpec spec) {
        return vetting.apply(spec);
    }

    @Override
    public RunListener listener(List<JobSpec> jobs) {
        return listener;
    }

    @Override
    public int keep(List<BenchmarkResult> done, Consumer<List<BenchmarkResult>> text, Map<String, Object> extra) {
        results.accept(done);
        return 0;
    }
}
