package org.iobench.workload;

import org.iobench.clock.NanoClock;

/**
 * What every worker of one run shares with the runner.
 *
 * @param clock   the clock of latencies and deadlines
 * @param control the stop switch (Ctrl-C, an I/O error, exitall)
 * @param start   the start signal, which carries the run's timeline
 * @param end     this job's own early end (its steady state, or its group's, reached)
 */
record RunShared(NanoClock clock, RunControl control, StartSignal start, JobEnd end) {
    RunShared(NanoClock clock, RunControl control, StartSignal start) {
        this(clock, control, start, new JobEnd());
    }
}
