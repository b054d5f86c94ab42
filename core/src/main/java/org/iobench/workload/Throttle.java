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
    /**
     * A flow without flow_sleep tries again at once in fio: the worker waits for its share instead
     * ({@link #awaitFlow}), ready again as soon as another job of the flow moves.
     */
    private static final long FLOW_RETRY_NANOS = 1;

    private final Schedule s;
    private Flows.Member flow;
    private long issued;
    private boolean thinkDue;
    private long thinkUntil;
    private long cycleStartNanos;
    private boolean baseline;
    private long cycleStartBytes;
    private long cycleStartIos;

    // fio's latency target: the queue depth searched for (io_u.c lat_target_*)
    private final int maxDepth;
    private int qd;
    private int qdLow;
    private int qdHigh;
    private int stableCount;
    private long windowStartNanos = -1;
    private long windowIos;
    private long windowFailed;
    private boolean endRun;
    private boolean quiesceForDepth;

    Throttle(Schedule schedule) {
        this(schedule, 1);
    }

    /** @param maxDepth the job's iodepth: the latency target searches up to it */
    Throttle(Schedule schedule, int maxDepth) {
        this.s = schedule;
        this.maxDepth = maxDepth;
        boolean searching = schedule.latency().targetNanos() > 0;
        this.qd = searching ? 1 : maxDepth;
        this.qdLow = 1;
        this.qdHigh = maxDepth;
    }

    /**
     * A cpuio job's load (1..100): the pause after each burn is the burn's length times (100 - load) / load, the
     * length being the spin's ({@code cpuchunks}) or the last sort's as measured (fio re-times each qsort); 0: none.
     */
    private int cpuLoad;
    private long fixedBurnNanos;
    private long lastBurnNanos;

    /** The worker's throttle, or null when its schedule makes requests wait for nothing. */
    static Throttle of(Schedule schedule, int maxDepth, int cpuLoad, long fixedBurnNanos) {
        if (cpuLoad > 0) {
            Throttle t = new Throttle(schedule == null ? Schedule.NONE : schedule, maxDepth);
            t.cpuLoad = cpuLoad;
            t.fixedBurnNanos = fixedBurnNanos;
            return t;
        }
        return schedule != null && schedule.throttles() ? new Throttle(schedule, maxDepth) : null;
    }

    /** How many requests may be in flight now: the job's depth, or the latency target's current one. */
    int depth() {
        return qd;
    }

    /**
     * A finished request of {@code latencyNanos}: {@code max_latency} above fails the job; the latency target counts
     * it against the current window (a miss at 100 % ramps the depth down at once, as fio).
     */
    void completed(long nowNanos, long latencyNanos, RunControl control, int worker) {
        if (cpuLoad > 0) {
            lastBurnNanos = fixedBurnNanos > 0 ? fixedBurnNanos : latencyNanos;
            if (cpuLoad < 100) {
                thinkDue = true;
            }
        }
        Schedule.LatencyGoal g = s.latency();
        if (g.maxNanos() > 0 && latencyNanos > g.maxNanos()) {
            control.fail(new IoFailure(worker, "latency", 0, 0, 62, "ETIMEDOUT", "latency of " + latencyNanos
                    + " ns exceeds max_latency (" + g.maxNanos() + " ns), as fio ends the job"));
            return;
        }
        if (g.targetNanos() == 0) {
            return;
        }
        if (windowStartNanos < 0) {
            windowStartNanos = nowNanos;
        }
        windowIos++;
        if (latencyNanos > g.targetNanos()) {
            if (g.percentile() == 100.0) {
                if (!rampDown(nowNanos)) {
                    control.fail(new IoFailure(worker, "latency", 0, 0, 62, "ETIMEDOUT", "latency of "
                            + latencyNanos + " ns exceeds latency_target (" + g.targetNanos() + " ns) at depth 1, as"
                            + " fio ends the job"));
                }
            } else {
                windowFailed++;
            }
        }
        if (nowNanos - windowStartNanos >= g.windowNanos()) {
            double success = 100.0 * (windowIos - windowFailed) / windowIos;
            if (success >= g.percentile()) {
                rampUp(nowNanos);
            } else if (!rampDown(nowNanos)) {
                control.fail(new IoFailure(worker, "latency", 0, 0, 62, "ETIMEDOUT", "latency_target ("
                        + g.targetNanos() + " ns) missed at depth 1, as fio ends the job"));
            }
        }
    }

    /** fio's lat_target_failed: bisect the depth down; false at depth 1 (the target cannot be met). */
    private boolean rampDown(long nowNanos) {
        if (qd == 1) {
            return false;
        }
        qdHigh = qd;
        if (qd == qdLow) {
            qdLow--;
        }
        qd = Math.max(1, (qd + qdLow) / 2);
        stableCount = 0;
        quiesceForDepth = true;
        newWindow(nowNanos);
        return true;
    }

    /** fio's lat_target_success: double (or bisect up) the depth; once it stays, one more window, then done. */
    private void rampUp(long nowNanos) {
        int before = qd;
        qdLow = qd;
        if (qd + 1 == qdHigh && ++stableCount >= 3) {
            qdHigh++;
            stableCount = 0;
        }
        qd = qdHigh != maxDepth ? (qd + qdHigh) / 2 : qd * 2;
        qd = Math.min(qd, maxDepth);
        if (!s.latency().keepSearching() && qd == before) {
            if (endRun) {
                done = true;
            } else {
                quiesceForDepth = true;
                endRun = true;
            }
        }
        newWindow(nowNanos);
    }

    private void newWindow(long nowNanos) {
        windowStartNanos = nowNanos;
        windowIos = 0;
        windowFailed = 0;
    }

    private boolean done;

    /** True once the latency target's search settled and its last window ran: the job ends, as fio's does. */
    boolean done() {
        return done;
    }

    /** At the worker's start: joins its flow group. */
    void join() {
        if (s.flowWeight() > 0) {
            flow = Flows.join(s.flowId(), s.flowWeight());
        }
    }

    /** True when the job is in a flow group ({@code flow}). */
    boolean inFlow() {
        return s.flowWeight() > 0;
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
        if (quiesceForDepth) {
            return true;
        }
        return thinkDue || flow != null && flow.ahead();
    }

    /** When the next request may go ({@code <= nowNanos}: now); takes the flow's token when it goes. */
    long readyAt(long nowNanos) {
        quiesceForDepth = false; // the requests in flight completed
        if (thinkDue) {
            // fio's cpuio sets its thinktime from the last burn; other jobs pause for thinktime
            thinkUntil = nowNanos + (cpuLoad > 0 ? lastBurnNanos * (100 - cpuLoad) / cpuLoad : s.thinkNanos());
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

    /**
     * True when {@link #readyAt} held the request back for the flow's share alone, without {@code flow_sleep}: the
     * worker then waits in {@link #awaitFlow}, not for a time.
     */
    boolean waitsForFlow(long nowNanos) {
        return flow != null && s.flowSleepNanos() == 0 && nowNanos >= thinkUntil && flow.ahead();
    }

    /**
     * Waits until another job of the flow moves and this one may be within its share again, for at most
     * {@code maxParkNanos} of the machine's time ({@link Flows.Member#awaitShare}); may return early.
     */
    void awaitFlow(long maxParkNanos) {
        flow.awaitShare(maxParkNanos);
    }

    void issued() {
        issued++;
        if (s.thinkNanos() > 0 && issued % s.thinkBlocks() == 0) {
            thinkDue = true;
        }
    }

    /** The {@code rate_min} check against {@code stats}; a failure stops the run. */
    void checkFloor(long nowNanos, WorkerStats stats, int worker, RunControl control) {
        IoFailure f = belowFloor(nowNanos, stats.bytesRead + stats.bytesWritten, stats.reads + stats.writes, worker);
        if (f != null) {
            control.fail(f);
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
