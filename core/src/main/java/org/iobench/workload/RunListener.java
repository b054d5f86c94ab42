package org.iobench.workload;

import org.iobench.job.JobSpec;
import org.iobench.result.RunResult;

/** Hears about runs as they start and end (progress lines, live reports). Called on the benchmark's thread. */
public interface RunListener {
    RunListener NONE = new RunListener() {};

    default void runStarted(JobSpec spec, int run, LiveView live) {}

    default void runEnded(JobSpec spec, RunResult result) {}
}
