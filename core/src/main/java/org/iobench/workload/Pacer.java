package org.iobench.workload;

import java.util.SplittableRandom;
import org.iobench.sys.TimerSlack;

/**
 * One worker's schedule under a rate limit: request {@code i} is due at {@code start + phase + i × period}. The
 * deadlines are absolute, so a late wake-up (a coarse timer, a descheduled thread, a slow request) is made up by
 * issuing the next requests at once instead of being carried forward: over a run the rate holds to within one
 * request, however coarse the sleeps. The due time is also the request's <em>intended</em> start, against which
 * coordinated-omission-corrected latency is measured.
 *
 * <pre>
 * Pacer p = Pacer.forWorker(5000, 4, 0);   // 5000 IOPS for the job, 4 workers, worker 0: one every 800 us
 * p.start(t0);
 * long due = p.nextDueNanos();            // wait until then, then
 * long intended = p.take();               // ... issue; {@code intended == due}
 * </pre>
 * Not thread-safe: one per worker.
 */
final class Pacer {
    /** A paced worker's sleeps end within this of the due time, instead of the kernel's default 50 us. */
    static final long PACED_TIMER_SLACK_NANOS = 1_000;
    private final double periodNanos;
    private final double phaseNanos;
    /** Poisson arrivals (fio's rate_process=poisson): exponential gaps of mean {@code periodNanos}; else null. */
    private final SplittableRandom arrivals;
    private double poissonOffsetNanos;
    private long startNanos;
    private long taken;

    /**
     * @param periodNanos time between two requests of this worker; 0 = not paced
     * @param phaseNanos  offset of this worker's first request from the start, in [0, period)
     */
    Pacer(double periodNanos, double phaseNanos) {
        if (periodNanos < 0 || phaseNanos < 0 || (periodNanos > 0 && phaseNanos >= periodNanos)) {
            throw new IllegalArgumentException("period " + periodNanos + ", phase " + phaseNanos);
        }
        this.periodNanos = periodNanos;
        this.phaseNanos = phaseNanos;
        this.arrivals = null;
    }

    private Pacer(double periodNanos, long seed) {
        this.periodNanos = periodNanos;
        this.phaseNanos = 0;
        this.arrivals = new SplittableRandom(seed);
    }

    /** A Poisson schedule: requests at exponentially distributed gaps whose mean is the worker's period. */
    static Pacer poisson(double jobOpsPerSecond, int workers, long seed) {
        if (!(jobOpsPerSecond > 0)) {
            return unpaced();
        }
        return new Pacer(workers * 1e9 / jobOpsPerSecond, seed);
    }

    /** Worker {@code worker}'s schedule for its run's setup: even or Poisson ({@code rate_process=poisson}). */
    static Pacer of(WorkerSetup setup, int worker) {
        return setup.schedule() != null && setup.schedule().poissonRate()
                ? poisson(setup.opsPerSecond(), setup.workers(), 0x5EED + worker)
                : forWorker(setup.opsPerSecond(), setup.workers(), worker);
    }

    /** No schedule: every request is due at once. */
    static Pacer unpaced() {
        return new Pacer(0, 0);
    }

    /**
     * Worker {@code worker}'s share of a job rate of {@code jobOpsPerSecond} split over {@code workers}; the
     * workers' phases are spread evenly over one period, so the job's requests are evenly spaced too.
     */
    static Pacer forWorker(double jobOpsPerSecond, int workers, int worker) {
        if (!(jobOpsPerSecond > 0)) {
            return unpaced();
        }
        double period = workers * 1e9 / jobOpsPerSecond;
        return new Pacer(period, period * worker / workers);
    }

    boolean paced() {
        return periodNanos > 0;
    }

    /**
     * Fixes the schedule's origin: the run's start, in the worker's clock. Called on the worker's thread: a paced
     * worker's sleeps then end within {@link #PACED_TIMER_SLACK_NANOS} of the due time, not the kernel's 50 us.
     */
    void start(long startNanos) {
        if (paced()) {
            TimerSlack.set(PACED_TIMER_SLACK_NANOS);
        }
        this.startNanos = startNanos;
        this.taken = 0;
        this.poissonOffsetNanos = 0;
    }

    /** When the next request is due ({@code start} itself when unpaced). */
    long nextDueNanos() {
        if (arrivals != null) {
            return startNanos + (long) poissonOffsetNanos;
        }
        return startNanos + (long) (phaseNanos + taken * periodNanos);
    }

    /** Takes the next slot of the schedule and returns its due time: the request's intended start. */
    long take() {
        long due = nextDueNanos();
        taken++;
        if (arrivals != null) {
            poissonOffsetNanos += -Math.log(1 - arrivals.nextDouble()) * periodNanos;
        }
        return due;
    }
}
