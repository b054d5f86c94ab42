package org.iobench.workload;

import org.iobench.job.JobSpec;
import org.iobench.result.RunResult;

/** Hears about runs as they start and end (progress lines, live reports). Called on the benchmark's thread. */
public interface RunListener {
    RunListener NONE = new RunListener() {};

    /**
     * The run's workers are set up and about to be released; the clock has not started. A parallel group waits
     * here for its other jobs, so they all start together.
     */
    default void ready(JobSpec spec, int run) {}

    default void runStarted(JobSpec spec, int run, LiveView live) {}

    default void runEnded(JobSpec spec, RunResult result) {}
}
