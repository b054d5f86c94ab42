package org.iobench.workload;

import org.iobench.clock.NanoClock;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.Replay;

/**
 * The requests of a replayed log (fio's {@code read_iolog}): each line's direction, offset and length, in the log's
 * order, on the job's file, until the log's last request. Each request is due its delay after the previous one was
 * issued, by fio 3.33's rule ({@code iolog_delay}): no wait when the time since the last issue already covers the
 * delay, and the time a wait overran is taken off the next delay (fio's {@code time_offset}). A version 2
 * {@code wait} holds the next request until the job has run that many milliseconds. Time is the run's clock, so a
 * test clock drives the schedule without sleeping.
 *
 * <p>Unlike fio, which sleeps in its thread while requests are in flight, the worker reaps completions while it waits
 * ({@link Worker}); with one request in flight (fio's default) the two are the same.
 */
final class ReplaySource implements RequestSource {
    private final Replay.Requests log;
    private final IoFile file;
    private final NanoClock clock;
    private final boolean timed;
    /** The index after the log's last request that is not a wait: waits after it hold nothing back. */
    private final int end;
    private int next;
    private long startNanos = Long.MIN_VALUE;
    /** fio's {@code last_issue}: the clock when the previous request was issued. */
    private long lastIssueNanos;
    /** fio's {@code time_offset}: how far the latest wait overran, taken off the next delay. */
    private long offsetNanos;
    /** The request whose due time was decided, its due time, and whether it had to wait (from when, how long). */
    private int decided = -1;
    private long dueNanos = Long.MIN_VALUE;
    private long waitFromNanos = -1;
    private long waitDelayNanos;

    /**
     * @param log   the requests ({@link Replay#requests()})
     * @param stalls false under {@code replay_no_stall}: every request at once
     */
    ReplaySource(Replay.Requests log, boolean stalls, IoFile file, NanoClock clock) {
        this.log = log;
        this.file = file;
        this.clock = clock;
        int last = log.size();
        while (last > 0 && log.op(last - 1) == Replay.Op.WAIT) {
            last--;
        }
        this.end = last;
        boolean delays = false;
        for (int i = 0; i < last && stalls && !delays; i++) {
            delays = log.delayMicros(i) > 0 || log.op(i) == Replay.Op.WAIT;
        }
        this.timed = delays;
    }

    @Override
    public boolean timesRequests() {
        return timed;
    }

    @Override
    public boolean more() {
        return next < end;
    }

    @Override
    public long dueNanos() {
        long now = clock.nanoTime();
        if (startNanos == Long.MIN_VALUE) {
            startNanos = now; // the first ask comes as the worker starts: the job's start, and the "last issue"
            lastIssueNanos = now;
        }
        while (next < end && log.op(next) == Replay.Op.WAIT) {
            long until = startNanos + log.offset(next) * 1_000_000;
            if (now < until) {
                return until;
            }
            next++;
        }
        if (decided != next) {
            decide(now);
        }
        return dueNanos;
    }

    /** fio's {@code iolog_delay} for request {@code next}, decided once at {@code now}. */
    private void decide(long now) {
        decided = next;
        dueNanos = Long.MIN_VALUE;
        waitFromNanos = -1;
        long delay = log.delayMicros(next) * 1000;
        if (delay == 0) {
            return;
        }
        if (delay < offsetNanos) {
            offsetNanos = 0;
            return;
        }
        long left = delay - offsetNanos;
        long since = now - lastIssueNanos;
        if (left < since) {
            return;
        }
        dueNanos = now + (left - since);
        waitFromNanos = now;
        waitDelayNanos = delay;
    }

    @Override
    public void next(IoRequest r) {
        while (log.op(next) == Replay.Op.WAIT) { // a source that times nothing passes its waits (replay_no_stall)
            next++;
        }
        int i = next++;
        IoOp op = switch (log.op(i)) {
            case READ -> IoOp.READ;
            case WRITE -> IoOp.WRITE;
            case SYNC -> IoOp.FSYNC;
            case DATASYNC -> IoOp.FDATASYNC;
            case WAIT -> throw new IllegalStateException("a wait is not a request");
        };
        r.prepare(op, file, log.offset(i), log.length(i));
        if (timed) {
            long now = clock.nanoTime();
            if (decided == i && waitFromNanos >= 0) {
                long slept = now - waitFromNanos;
                offsetNanos = slept > waitDelayNanos ? slept - waitDelayNanos : 0;
            }
            lastIssueNanos = now;
        }
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return (r.op() == IoOp.READ ? "read" : "write") + " at offset " + r.offset() + " of the replayed log"
                + " transferred nothing: the file ends before it";
    }
}
