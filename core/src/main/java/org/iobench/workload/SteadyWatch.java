package org.iobench.workload;

import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.SteadyOutcome;

/**
 * Watches a running run for steady state: at each interval boundary of the measured phase it reads the workers'
 * live byte count, feeds the interval's rate to a {@link SteadyState}, and asks the run to finish once steady.
 * Runs on the runner's thread between releasing the workers and joining them.
 */
final class SteadyWatch {
    private static final long MAX_SLEEP_NANOS = 50_000_000L;

    private SteadyWatch() {}

    /** Watches until steady state, or until every worker ended; returns what it saw. */
    static SteadyOutcome watch(JobSpec spec, Timeline t, LiveView live, List<Thread> workers, NanoClock clock,
                               long intervalNanos, RunControl control) {
        SteadyState state = new SteadyState(spec.timing().steady(), intervalNanos);
        boolean ops = spec.timing().steady().metric() == SteadyCriterion.Metric.IOPS;
        long before = 0;
        long beforeAt = t.measureStartNanos();
        for (long k = 1; ; k++) {
            long boundary = t.measureStartNanos() + k * intervalNanos;
            // the interval ending at the deadline still counts: its bytes are final once the workers stopped
            if (boundary > t.deadlineNanos() || !sleepUntil(boundary, workers, clock)
                    || clock.nanoTime() < boundary) {
                break;
            }
            long bytes = live.bytes();
            long at = clock.nanoTime();
            // The rate over the time the bytes took, not over the nominal interval: a look that came late (a loaded
            // machine descheduled this thread) holds more than one interval's bytes, and the looks after it, at
            // boundaries already passed, hold nearly none; those add nothing to judge and wait for the next one.
            if (at - beforeAt < intervalNanos / 2) {
                continue;
            }
            double perSecond = (bytes - before) * 1e9 / (at - beforeAt) / (ops ? spec.workload().blockSize() : 1);
            before = bytes;
            beforeAt = at;
            if (k * intervalNanos <= spec.timing().steady().rampNanos()) {
                continue; // fio's ss_ramp: not judged yet
            }
            if (state.add(perSecond)) {
                control.finish();
                break;
            }
            if (control.stopped()) {
                break;
            }
        }
        return state.outcome();
    }

    /** Sleeps until {@code boundary} on {@code clock} or until every worker ended; false when interrupted. */
    private static boolean sleepUntil(long boundary, List<Thread> workers, NanoClock clock) {
        while (clock.nanoTime() < boundary && workers.stream().anyMatch(Thread::isAlive)) {
            clock.awaitOthers(boundary, MAX_SLEEP_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        return true;
    }
}
