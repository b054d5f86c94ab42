package org.iobench.workload;

import java.nio.file.Path;
import org.iobench.job.JobSpec;
import org.iobench.measure.RunLatencies;
import org.iobench.result.RunResult;

/** Hears about runs as they start and end (progress lines, live reports). Called on the benchmark's thread. */
public interface RunListener {
    RunListener NONE = new RunListener() {};

    /**
     * The run's workers are set up and about to be released; the clock has not started. A parallel group waits
     * here for its other jobs, so they all start together.
     */
    default void ready(JobSpec spec, int run) {}

    /**
     * Before the first run: a new {@code file} is being filled (so reads read data); {@code doneBytes} of
     * {@code totalBytes} are written. Called after every chunk, on the preparing thread.
     */
    default void filling(JobSpec spec, Path file, long doneBytes, long totalBytes) {}

    default void runStarted(JobSpec spec, int run, LiveView live) {}

    /**
     * The run's latency histograms, just before {@link #runEnded}: for merging runs of several processes, whose
     * percentiles cannot be averaged. Called for every job of a parallel group, not only the first.
     */
    default void latencies(JobSpec spec, int run, RunLatencies latencies) {}

    default void runEnded(JobSpec spec, RunResult result) {}

    /**
     * Whether this listener hears every job of a parallel group (fio's ETA line and reports name each job); by
     * default only the first (a progress line shows one job).
     */
    default boolean hearsEveryJob() {
        return false;
    }
}
