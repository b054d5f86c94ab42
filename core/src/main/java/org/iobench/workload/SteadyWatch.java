package org.iobench.workload;

import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.SteadyOutcome;

/**
 * Watches a running job, or the jobs of a reporting group judged together (fio's {@code group_reporting}), for
 * steady state: at each interval boundary of the measured phase it reads the workers' live byte and request counts,
 * feeds the interval's rates to a {@link SteadyState} and ends the job (or the group) once steady. As fio's
 * {@code steadystate_check}: a rate is a whole number per second (requests, bytes), a group's is the sum of its jobs'
 * rates, and the first {@code ss_ramp} is not judged. Runs on a runner's thread between releasing the workers and
 * joining them.
 */
final class SteadyWatch {
    private static final long MAX_SLEEP_NANOS = 50_000_000L;

    /** One job watched: its workers, their threads and the job's early end. */
    record Member(List<Worker> workers, List<Thread> threads, JobEnd end) {
        long bytes() {
            long sum = 0;
            for (Worker w : workers) {
                sum += w.stats.liveBytes();
            }
            return sum;
        }

        long requests() {
            long sum = 0;
            for (Worker w : workers) {
                sum += w.stats.liveRequests();
            }
            return sum;
        }

        boolean running() {
            return threads.stream().anyMatch(Thread::isAlive);
        }
    }

    private SteadyWatch() {}

    /**
     * Watches {@code members} (one job, or every job of a group) until steady state, when every one of them is
     * ended, or until every worker ended; returns what it saw.
     */
    static SteadyOutcome watch(SteadyCriterion criterion, Timeline t, List<Member> members, NanoClock clock,
                               long intervalNanos, RunControl control) {
        SteadyState state = new SteadyState(criterion, intervalNanos);
        boolean ops = criterion.metric() == SteadyCriterion.Metric.IOPS;
        int n = members.size();
        long[] bytesBefore = new long[n];
        long[] requestsBefore = new long[n];
        long beforeAt = t.measureStartNanos();
        for (long k = 1; ; k++) {
            long boundary = t.measureStartNanos() + k * intervalNanos;
            // the interval ending at the deadline still counts: its bytes are final once the workers stopped
            if (boundary > t.deadlineNanos() || !sleepUntil(boundary, members, clock)
                    || clock.nanoTime() < boundary) {
                break;
            }
            long at = clock.nanoTime();
            // The rate over the time the bytes took, not over the nominal interval: a look that came late (a loaded
            // machine descheduled this thread) holds more than one interval's bytes, and the looks after it, at
            // boundaries already passed, hold nearly none; those add nothing to judge and wait for the next one.
            if (at - beforeAt < intervalNanos / 2) {
                continue;
            }
            long iops = 0;
            long bw = 0;
            for (int i = 0; i < n; i++) {
                long bytes = members.get(i).bytes();
                long requests = members.get(i).requests();
                bw += perSecond(bytes - bytesBefore[i], at - beforeAt);
                iops += perSecond(requests - requestsBefore[i], at - beforeAt);
                bytesBefore[i] = bytes;
                requestsBefore[i] = requests;
            }
            beforeAt = at;
            if (k * intervalNanos <= criterion.rampNanos()) {
                continue; // fio's ss_ramp: not judged yet
            }
            if (ops ? state.add(iops, bw) : state.add(bw, iops)) {
                members.forEach(m -> m.end().ask());
                break;
            }
            if (control.stopped()) {
                break;
            }
        }
        return state.outcome();
    }

    /** {@code count} per second over {@code nanos}, a whole number as fio keeps it ({@code 1000 * n / msec}). */
    private static long perSecond(long count, long nanos) {
        return (long) (count * 1e9 / nanos);
    }

    /** Sleeps until {@code boundary} on {@code clock} or until every worker ended; false when interrupted. */
    private static boolean sleepUntil(long boundary, List<Member> members, NanoClock clock) {
        while (clock.nanoTime() < boundary && members.stream().anyMatch(Member::running)) {
            clock.awaitOthers(boundary, MAX_SLEEP_NANOS);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        return true;
    }
}
