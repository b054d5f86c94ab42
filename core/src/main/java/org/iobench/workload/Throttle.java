package org.iobench.workload;

import org.iobench.job.Schedule;
import org.iobench.result.IoFailure;

/**
 * What makes a worker wait before a request besides its rate, as fio's main loop does: a pause of {@code thinktime}
 * after every {@code thinktime_blocks} requests, a share of its {@code flow} group, and a {@code rate_min} floor
 * checked once per cycle after a 2 s settling time (falling below it fails the job, as in fio). The worker asks
 * {@link #mustQuiesce} (then lets its requests in flight complete) and {@link #readyAt} before each new request, and
 * tells {@link #issued} after.
 *
 * <p>Used by one worker thread; {@link #join} and {@link #leave} frame its run.
 */
final class Throttle {
    private static final long SETTLE_NANOS = 2_000_000_000L;
    /** A flow without flow_sleep tries again at once in fio: the worker spins (see {@link #SPIN_BELOW_NANOS}). */
    private static final long FLOW_RETRY_NANOS = 1;
    /** Waits shorter than this spin instead of parking (a park sleeps 50 us or more). */
    static final long SPIN_BELOW_NANOS = 20_000;

    private final Schedule s;
    private Flows.Member flow;
    private long issued;
    private boolean thinkDue;
    private long thinkUntil;
    private long cycleStartNanos;
    private boolean baseline;
    private long cycleStartBytes;
    private long cycleStartIos;

    Throttle(Schedule schedule) {
        this.s = schedule;
    }

    /** At the worker's start: joins its flow group. */
    void join() {
        if (s.flowWeight() > 0) {
            flow = Flows.join(s.flowId(), s.flowWeight());
        }
    }

    /** At the worker's end: leaves its flow group. */
    void leave() {
        if (flow != null) {
            flow.leave();
            flow = null;
        }
    }

    /** The job's requests start now: the floor's settling time begins. */
    void start(long nowNanos) {
        cycleStartNanos = nowNanos + SETTLE_NANOS;
    }

    /** True when the requests in flight must complete before the next: a pause is due, or the flow is ahead. */
    boolean mustQuiesce() {
        return thinkDue || flow != null && flow.ahead();
    }

    /** When the next request may go ({@code <= nowNanos}: now); takes the flow's token when it goes. */
    long readyAt(long nowNanos) {
        if (thinkDue) {
            thinkUntil = nowNanos + s.thinkNanos();
            thinkDue = false;
        }
        if (nowNanos < thinkUntil) {
            return thinkUntil;
        }
        if (flow != null) {
            if (flow.ahead()) {
                return nowNanos + Math.max(FLOW_RETRY_NANOS, s.flowSleepNanos());
            }
            flow.take();
        }
        return nowNanos;
    }

    void issued() {
        issued++;
        if (s.thinkNanos() > 0 && issued % s.thinkBlocks() == 0) {
            thinkDue = true;
        }
    }

    /**
     * The {@code rate_min} check: null, or the failure that stops the job when the last cycle moved too little.
     *
     * @param bytes bytes done so far, {@code ios} requests done so far
     */
    IoFailure belowFloor(long nowNanos, long bytes, long ios, int worker) {
        if (s.rateMinBytes() == 0 && s.rateMinIops() == 0 || nowNanos < cycleStartNanos) {
            return null;
        }
        if (!baseline) { // the first cycle starts when the settling time ends
            baseline = true;
            cycleStartNanos = nowNanos;
            cycleStartBytes = bytes;
            cycleStartIos = ios;
            return null;
        }
        long cycle = s.rateCycleMillis() * 1_000_000L;
        long spent = nowNanos - cycleStartNanos;
        if (spent < cycle) {
            return null;
        }
        double seconds = spent / 1e9;
        long rate = (long) ((bytes - cycleStartBytes) / seconds);
        long iops = (long) ((ios - cycleStartIos) / seconds);
        cycleStartNanos = nowNanos;
        cycleStartBytes = bytes;
        cycleStartIos = ios;
        if (s.rateMinBytes() > 0 && rate < s.rateMinBytes()) {
            return floorFailure(worker, "rate_min=" + s.rateMinBytes() + "B/s not met, got " + rate + "B/s");
        }
        if (s.rateMinIops() > 0 && iops < s.rateMinIops()) {
            return floorFailure(worker, "rate_iops_min=" + s.rateMinIops() + " not met, got " + iops);
        }
        return null;
    }

    private static IoFailure floorFailure(int worker, String message) {
        return new IoFailure(worker, "rate", 0, 0, 0, "", message + " (fio's floor, checked per rate_cycle after"
                + " the first 2 s)");
    }
}
