package org.iobench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * How a command runs when an agent runs it for a controller, set on the agent's job thread only: the controller's
 * stop switch instead of a Ctrl-C trap, the agent's listener (barrier, progress, histograms) instead of a progress
 * line, every job checked by {@code vet} (allowed paths, overwrite consent) before it runs, and the results handed
 * to {@code results} instead of printed or saved.
 */
record AgentScope(RunControl control, RunListener listener, UnaryOperator<JobSpec> vet,
                  Consumer<List<BenchmarkResult>> results) {
    private static final ThreadLocal<AgentScope> CURRENT = new ThreadLocal<>();

    /** The scope of this thread, or null outside an agent's job. */
    static AgentScope current() {
        return CURRENT.get();
    }

    <T> T within(Callable<T> body) throws Exception {
        CURRENT.set(this);
        try {
            return body.call();
        } finally {
            CURRENT.remove();
        }
    }
}
