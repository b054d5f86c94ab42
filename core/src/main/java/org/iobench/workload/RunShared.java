package org.iobench.workload;

import org.iobench.clock.NanoClock;

/**
 * What every worker of one run shares with the runner.
 *
 * @param clock   the clock of latencies and deadlines
 * @param control the stop switch (Ctrl-C, an I/O error, steady state reached)
 * @param start   the start signal, which carries the run's timeline
 */
record RunShared(NanoClock clock, RunControl control, StartSignal start) {}
