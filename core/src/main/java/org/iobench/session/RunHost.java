package org.iobench.session;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * Where a {@link Session} runs: what stops its runs, what hears them and what becomes of their results. The
 * pipeline is the same everywhere; the host is what differs:
 * <ul>
 *   <li>{@link LocalHost}, a command typed at this machine: Ctrl-C/SIGTERM/SIGHUP stop the runs, a progress line
 *       on a terminal, the results printed (text or JSON), written to {@code -o FILE} and saved;</li>
 *   <li>{@link AgentHost}, an agent running a controller's job: the controller's stop switch and listener (start
 *       barrier, live reports, histograms), every job vetted against the agent's {@code --allow} paths and
 *       consent, the results handed back to the controller, which prints and saves them.</li>
 * </ul>
 * The session calls, in this order: {@link #vet} for every job, {@link #checkBeforeRuns}, {@link #control} and
 * {@link #listener} once, the runs, {@link #runsEnded} (also after a failure), {@link #keep} once.
 */
public interface RunHost {
    /**
     * Checks one job before anything runs and returns the job to run.
     *
     * @throws ExitException status 2 when this host refuses it
     */
    default JobSpec vet(JobSpec spec) {
        return spec;
    }

    /** Last checks over every job, after the engine checks and before the targets are checked. */
    default void checkBeforeRuns(List<JobSpec> specs) {}

    /** The stop switch of the runs: made once, before the first run. */
    RunControl control();

    /**
     * What hears the runs.
     *
     * @param jobs the jobs in the order they run (the first of each parallel group), or null when not known
     *             in advance (a search)
     */
    RunListener listener(List<JobSpec> jobs);

    /** The runs are over, or failed: ends whatever {@link #listener} started (a progress line). */
    default void runsEnded() {}

    /**
     * Keeps what the runs paid for, once, even when there are none.
     *
     * @param results what ran, in order (possibly partial)
     * @param text    prints {@code results} as the command's text
     * @param extra   what the JSON document holds besides the benchmarks ({@code groups}, {@code search}...)
     * @return 0, or 1 when something could not be kept
     */
    int keep(List<BenchmarkResult> results, Consumer<List<BenchmarkResult>> text, Map<String, Object> extra);

    /** Where the session's own lines go (interrupted, stopped, failed verification). */
    PrintStream err();

    /** Whether errors print their stack trace ({@code --debug}). */
    default boolean debug() {
        return false;
    }
}
