package org.iobench.workload;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.iobench.clock.NanoClock;
import org.iobench.engine.Completions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.measure.RequestLog;
import org.iobench.result.QueueDepths;
import org.iobench.result.ThreadUsage;
import org.iobench.sys.Errno;
import org.iobench.sys.ThreadRusage;

/**
 * One worker, the run loop of every job: keeps up to {@code iodepth} requests from its {@link RequestSource} in
 * flight on its engine until the source has no more, the deadline passes or a stop request ends it. Short transfers
 * are resubmitted for the rest (unless the source takes them as final); a request the source follows up (a copy's
 * write after its read) is submitted at once. Latency runs from the first issue to the last completion of a
 * request. The first I/O error stops the whole run. Under a rate limit the worker issues each request at its
 * {@link Pacer} slot, and also records latency from that intended start (coordinated omission).
 *
 * <p>The loop takes no lock and allocates nothing after the first request of each kind: requests and completions are
 * made before the start, and each latency recorder makes its histogram at its first value (a job fills only the
 * recorders of its directions).
 */
final class Worker implements Runnable {
    /** Longest single sleep while waiting for a paced slot, so a stop request is seen promptly. */
    private static final long MAX_PARK_NANOS = 10_000_000;
    /** Sleep slice while requests are in flight on an async engine, so completions are reaped on time. */
    private static final long IN_FLIGHT_PARK_NANOS = 50_000;
    private final int id;
    private final RequestSource source;
    /** The source says when its next request is due ({@link RequestSource#timesRequests}): a replayed log's delays. */
    private final boolean sourceTimed;
    /** Some of the source's requests need no I/O ({@link RequestSource#skipsIo}): trims of emulated zones. */
    private final boolean sourceSkips;
    private final IoEngine engine;
    private final IoRequest[] requests;
    private final int[] free;
    private int freeCount;
    private final Completions completions;
    /** Completions a reap waits for (fio's iodepth_batch_complete_min; 0: ask again until one is back). */
    private final int reapMin;
    /** Completions a reap takes at most (fio's iodepth_batch_complete_max, resolved; the list's size for all). */
    private final int reapMax;
    /** fio's polling mode: one completion reaped after every submission, not only on a full queue. */
    private final boolean reapEachSubmit;
    private final IoFile file;
    private final int fsyncEvery;
    private final IoOp periodicSyncOp;
    private final long directAlignment;
    private final NanoClock clock;
    private final RunControl control;
    private final StartSignal start;
    /** This job's own early end (steady state reached for it alone). */
    private final JobEnd end;
    private final Pacer pacer;
    /**
     * A fio job's rates per direction ({@link FioRates}), null: none (then {@link #pacer} keeps an iobench rate). Set
     * before the thread starts.
     */
    FioRates rates;
    /** The source turns its directions with {@link #rates} ({@link RequestSource#turnsWith}): a mixed job. */
    private boolean ratesTurn;
    /** Per request slot: its intended start on the pacer's schedule. */
    private final long[] intendedNanos;
    private final boolean logsSlat;
    /** Pauses, flow shares and a rate floor (fio's thinktime, flow, rate_min); null when the job has none. */
    private final Throttle throttle;
    /** Each request's I/O priority (fio's cmdprio); null when the job sets none. */
    private final RequestPriorities priorities;
    /** The thread's own I/O priority to set before the start (fio's prioclass/prio), or -1. */
    private final int threadPrio;
    /** The job's reporting group when a job may end it ({@code exitall}), else null. */
    private final String group;
    final WorkerStats stats;
    /** fio's {@code write_iolog}: every request as it is issued; null when the job writes none. */
    RequestLog requestLog;
    /** The source's {@link RequestSource#loops} the request log has said so far (its close and open lines). */
    private long loopsLogged;
    /**
     * fio's {@code invalidate} at every wrap ({@code loop_cache_invalidate}): the file's cache is dropped when the
     * source starts a new pass, before that pass's first request is issued.
     */
    boolean dropCacheEachPass;
    private long passesDropped;
    /** This thread's kernel counters at its start, the window's opening and its end. */
    final TaskWindow task = new TaskWindow();
    /** fio's IO depths, submit and complete distributions over the measured window. */
    final DepthCounts depths = new DepthCounts();
    /**
     * This thread's own getrusage at the measured window's opening (its first request issued in the window) and after
     * its last request; null until then, or where the kernel refuses RUSAGE_THREAD.
     */
    ThreadRusage usageOpened;
    ThreadRusage usageEnded;
    private boolean windowOpen;
    /** Requests queued since the last commit: handed to the kernel by the next one (fio's {@code io_u_queued}). */
    private int queued;
    /** Opened once the thread has joined its flow group (or found it has none), before it waits for the start. */
    private final CountDownLatch joined = new CountDownLatch(1);

    private int inFlight;
    /**
     * fio's {@code fsync=N} rule (io_u.c {@code get_rw_ddir}): a sync is due when the job's writes are a non-zero
     * multiple of N and the request completed last was not a sync ({@code last_was_sync}). In a job that also reads,
     * each read after the N-th write makes the next sync due again while no write came between, as in fio.
     */
    private long writesDone;
    /**
     * The job has a ramp and it is over for this worker: since the clock at {@link #rampOverNanos}, at the first
     * completion after the ramp, as fio's {@code ramp_time_over} ({@code reset_all_stats}, {@code reset_io_counters}).
     */
    private boolean rampOver;
    private long rampOverNanos;
    private boolean lastWasSync;
    /** Requests the engine refused with BUSY, to submit again before any new one (several: see complete). */
    private final IoRequest[] held;
    private int heldCount;
    /** The clock at the latest completion: saves a clock read per request on the deadline check. */
    private long lastNanos;
    /** A copy of the counters asked by another thread ({@link #soFar}); null when none is. */
    private final AtomicReference<CompletableFuture<Copy>> copyAsked = new AtomicReference<>();
    /** Set once the thread wrote its counters for the last time: from then on they are read as they are. */
    private volatile boolean over;

    /**
     * A worker's figures at one moment, as its run's result is made of them: its counters, its thread's kernel
     * counters, getrusage and queue depths.
     */
    record Copy(WorkerStats stats, TaskWindow task, ThreadUsage usage, QueueDepths depths) {}

    /** Its requests now verify what it wrote (fio's TD_VERIFYING); for other threads. */
    boolean verifying() {
        return !over && source.verifying();
    }

    Worker(WorkerSetup setup, WorkerIo io, RequestSource source, RunShared run) {
        this.id = io.id();
        this.source = source;
        this.sourceTimed = source.timesRequests();
        this.sourceSkips = source.skipsIo();
        this.engine = io.engine();
        this.requests = io.requests();
        this.free = new int[requests.length];
        this.held = new IoRequest[requests.length];
        for (int i = 0; i < requests.length; i++) {
            free[freeCount++] = requests.length - 1 - i;
        }
        this.completions = new Completions(requests.length);
        this.reapMin = Math.min(setup.submission().reapMin(), requests.length);
        this.reapEachSubmit = setup.submission().reapEachSubmit();
        int max = setup.submission().reapMax();
        this.reapMax = reapEachSubmit ? 1 : max == 0 ? requests.length : Math.max(1, Math.max(max, reapMin));
        this.file = io.file();
        this.fsyncEvery = setup.fsyncEvery();
        this.periodicSyncOp = setup.periodicSyncOp();
        this.directAlignment = setup.directAlignment();
        this.clock = run.clock();
        this.control = run.control();
        this.start = run.start();
        this.end = run.end();
        this.pacer = Pacer.of(setup, id);
        this.intendedNanos = new long[requests.length];
        this.stats = new WorkerStats(setup);
        this.logsSlat = setup.logsSlat();
        this.group = setup.group();
        this.throttle = Throttle.of(setup.schedule(), requests.length, setup.cpuLoad(),
                setup.cpuBurnNanos());
        this.priorities = RequestPriorities.of(setup.priorities(), setup.seed() * 0x2545F491L + id);
        this.threadPrio = RequestPriorities.threadPrio(setup.priorities());
    }

    @Override
    public void run() {
        if (threadPrio >= 0) { // fio's ioprio_set before the job's first request; a failure stops the run
            RequestPriorities.setThisThread(threadPrio, id, control);
        }
        try {
            task.begin(); // before the start signal: the thread has done no I/O yet
            if (throttle != null) {
                throttle.join(); // every job of a flow group joins before the stage's barrier opens
            }
        } finally {
            joined.countDown();
        }
        Timeline t = null;
        try {
            t = start.await();
            // One origin for every worker: the job's rate holds even if a thread starts late (it then catches up,
            // and its corrected latency shows the delay; --ramp leaves start-up out of the figures).
            pacer.start(t.startNanos());
            if (rates != null) {
                rates.start(t.startNanos()); // fio's epoch: the job's start
                ratesTurn = source.turnsWith(rates);
            }
            if (throttle != null) {
                throttle.start(t.startNanos());
            }
            loop(t);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopped before the start: no request was made
        } finally {
            if (t != null) { // the worker's end is its loop's: reading its counters below is no part of its time
                stats.endNanos = clock.nanoTime();
                source.finished();
                stats.zoneResets = source.zoneResets();
                stats.dryRun = source.dryRun();
                stats.verifyPhases = source.verifyPhases();
            }
            if (throttle != null) {
                throttle.leave();
            }
            if (windowOpen) {
                usageEnded = ThreadRusage.ofThisThread();
            }
            task.end(); // after the last request, outside the loop
            if (t != null) {
                stats.publishLive();
            }
            stats.intervalLatency.finish(); // the last write of the counters: a copy only reads them from here on
            over = true;
            answerCopy();
        }
    }

    /**
     * This worker's figures so far (fio's {@code --status-interval}): the thread copies its counters between two
     * requests, at its next look (each pass of its loop, each slice of a paced wait); a worker that ended gives its
     * final figures. Waits for the copy, in slices, while the worker lives.
     */
    Copy soFar() throws InterruptedException {
        CompletableFuture<Copy> f = new CompletableFuture<>();
        CompletableFuture<Copy> before = copyAsked.compareAndExchange(null, f);
        if (before != null) {
            f = before; // another reader asked first: the same copy answers both
        }
        while (true) {
            if (over) {
                f.complete(finalCopy()); // the counters are written no more: read as they are (once answered, ignored)
            }
            try {
                return f.get(MAX_PARK_NANOS, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // the worker is inside a request: it answers at its next look
            } catch (ExecutionException e) {
                throw new IllegalStateException("a worker's copy of its counters failed", e.getCause());
            }
        }
    }

    /** Answers a copy asked by another thread, if any: on the worker thread, between two requests. */
    private void answerCopy() {
        if (copyAsked.get() == null) {
            return; // a load per look: the common case costs nothing more
        }
        CompletableFuture<Copy> f = copyAsked.getAndSet(null);
        if (f == null) {
            return;
        }
        try {
            f.complete(over ? finalCopy() : new Copy(stats.copy(clock.nanoTime()), task.soFar(), usageSoFar(),
                    depths.result()));
        } catch (RuntimeException | Error e) {
            f.completeExceptionally(e);
        }
    }

    /** The final figures, copied (the runner makes the run's result of the originals at the same time). */
    private Copy finalCopy() {
        return new Copy(stats.copy(stats.endNanos), task, usage(), depths.result());
    }

    /** {@link #usage} up to now, on the worker's thread. */
    private ThreadUsage usageSoFar() {
        if (!windowOpen) {
            return ThreadUsage.ZERO;
        }
        ThreadRusage now = ThreadRusage.ofThisThread();
        if (usageOpened == null || now == null) {
            return null;
        }
        ThreadRusage u = now.minus(usageOpened);
        return new ThreadUsage(u.userMicros() * 1000, u.systemMicros() * 1000, u.voluntarySwitches(),
                u.involuntarySwitches(), u.minorFaults(), u.majorFaults());
    }

    /**
     * Until this worker's thread has joined its flow group, so that no job of the group starts alone (alone, its
     * share is all); at once for a job without one. The runner calls it before the job's start gate; a stop ends it.
     */
    void awaitFlowJoined(RunControl control) {
        if (throttle == null || !throttle.inFlow()) {
            return;
        }
        try {
            while (!joined.await(MAX_PARK_NANOS, TimeUnit.NANOSECONDS) && !control.stopped()) {
                // the thread has not run yet: a loaded machine starts it late
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean done(long now, Timeline t, boolean syncDue) {
        return control.stopped() || control.finishing() || !(syncDue ? source.moreForSync() : source.more())
                || now >= t.deadlineNanos()
                || end.asked() || group != null && control.groupEnded(group) || throttle != null && throttle.done();
    }

    private void loop(Timeline t) {
        boolean syncDue = false;
        while (true) {
            answerCopy();
            boolean done = done(clock.nanoTime(), t, syncDue);
            // A held request (refused with BUSY) goes first, even once the job is done issuing new ones or a periodic
            // sync is due: it may be the rest of a short transfer, which the job has already counted as issued.
            while (inFlight < (throttle == null ? requests.length : throttle.depth())
                    && (heldCount > 0 ? !control.stopped() : !syncDue && !done && freeCount > 0)) {
                answerCopy(); // a sync engine's requests all complete in this loop
                if (heldCount == 0 && throttle != null && !awaitThrottle(t)) {
                    break;
                }
                if (heldCount == 0 && sourceTimed && !awaitUntil(source.dueNanos(), t)) {
                    break;
                }
                if (heldCount == 0 && pacer.paced() && !awaitUntil(pacer.nextDueNanos(), t)) {
                    break;
                }
                if (heldCount == 0 && ratesTurn && !awaitRate(source.paceNext(clock.nanoTime()), t)) {
                    break; // fio's rate_ddir chose the direction and slept; or no request, or the time is up
                }
                boolean fresh = heldCount == 0;
                IoRequest r = heldCount > 0 ? held[--heldCount] : prepareNext();
                if (fresh && rates != null && !ratesTurn && rateDirection(r) >= 0) {
                    rates.choose(rateDirection(r), clock.nanoTime()); // one direction: rate_ddir sleeps for it
                    if (!awaitRate(rates.waitMicros(), t)) {
                        release(r);
                        break;
                    }
                }
                if (r.bufferOffset() == 0) { // the rest of a short transfer keeps its first issue time
                    r.issueNanos(clock.nanoTime());
                    if (!windowOpen && r.issueNanos() >= t.measureStartNanos()) {
                        openWindow();
                    }
                }
                if (fresh && rates != null) {
                    int d = rateDirection(r);
                    // the intended start is the direction's due time (an unrated direction's: its issue)
                    intendedNanos[r.index()] = d < 0 ? r.issueNanos() : rates.dueNanos(d, r.issueNanos());
                    if (d >= 0) {
                        rates.issued(d, r.length()); // fio's rate_io_issue_bytes, then its next time
                    }
                }
                SubmitStatus status = submit(r, t);
                if (status == SubmitStatus.BUSY) {
                    break; // commit and reap before trying it again
                }
                if (reapEachSubmit && status == SubmitStatus.QUEUED) {
                    commit();
                    reapBatch(t);
                }
                syncDue = syncDue();
                done = done(lastNanos, t, syncDue);
            }
            commit();
            if (inFlight > 0) {
                reapBatch(t);
                continue;
            }
            // fio issues fsync=N's sync when it fetches the next request: a job done issuing makes none
            if (syncDue && !done && heldCount == 0 && !control.stopped()) {
                periodicSync(t);
                syncDue = false;
                continue;
            }
            if (done && heldCount == 0) {
                return;
            }
            if (heldCount > 0 && control.stopped()) {
                while (heldCount > 0) {
                    release(held[--heldCount]);
                }
                return;
            }
        }
    }

    /**
     * The measured window opens for this thread with its first request issued in it (fio resets a job's depths and
     * rusage when its ramp time ends): what came before is forgotten, and the thread reads its own usage. Once per
     * run, outside the per-request work.
     */
    private void openWindow() {
        windowOpen = true;
        depths.clear();
        usageOpened = ThreadRusage.ofThisThread();
    }

    /**
     * What this thread used over its measured window (read after it ended): nothing when it issued no request in the
     * window; null where its own usage could not be read.
     */
    ThreadUsage usage() {
        if (!windowOpen) {
            return ThreadUsage.ZERO;
        }
        if (usageOpened == null || usageEnded == null) {
            return null;
        }
        ThreadRusage u = usageEnded.minus(usageOpened);
        return new ThreadUsage(u.userMicros() * 1000, u.systemMicros() * 1000, u.voluntarySwitches(),
                u.involuntarySwitches(), u.minorFaults(), u.majorFaults());
    }

    /** Hands the queued requests to the kernel, counted as fio's {@code td_io_commit} counts them. */
    private void commit() {
        if (queued > 0) {
            depths.atDepth(inFlight, queued);
            depths.submitted(queued);
            queued = 0;
        }
        engine.commit();
    }

    /** What a submission's answer adds to the depths: a request done at once is a call of one, at its depth. */
    private void countSubmitted(SubmitStatus status) {
        if (status == SubmitStatus.QUEUED) {
            queued++;
            if (engine.uncommitted() == 0) {
                // the engine handed its batch over as it took this one (fio's td_io_queue commits at
                // iodepth_batch_submit): a call of that many, at the depth with this one in flight
                depths.atDepth(inFlight + 1, queued);
                depths.submitted(queued);
                queued = 0;
            }
        } else if (status == SubmitStatus.COMPLETED) {
            depths.atDepth(inFlight + 1, 1);
            depths.submitted(1);
            depths.completed(1);
        }
    }

    /** Submits {@code r}: counted in flight, handled at once (completed), or held for later (BUSY). */
    private SubmitStatus submit(IoRequest r, Timeline t) {
        logIssue(r);
        SubmitStatus status;
        if (sourceSkips && source.noIo(r)) { // done without the engine, as fio's synchronous FIO_Q_COMPLETED
            r.complete(r.length());
            status = SubmitStatus.COMPLETED;
        } else {
            status = engine.submit(r);
        }
        countSubmitted(status);
        if (status == SubmitStatus.QUEUED) {
            inFlight++;
        } else if (status == SubmitStatus.COMPLETED) {
            complete(r, t);
        } else {
            held[heldCount++] = r;
        }
        return status;
    }

    /**
     * Waits until {@code due} (the pacer's next slot, or the time the source's next request is due), reaping
     * completions meanwhile; false when the run's deadline or a stop came first. Sleeps are short and the schedule
     * absolute, so an overslept wake-up only delays, never drops, a slot.
     */
    private boolean awaitUntil(long due, Timeline t) {
        if (clock.nanoTime() < due) {
            commit();   // an async engine must not hold queued requests while we sleep
        }
        while (true) {
            long now = clock.nanoTime();
            if (now >= due) {
                return true;
            }
            if (now >= t.deadlineNanos() || control.stopped() || control.finishing() || end.asked()) {
                lastNanos = now;
                return false;
            }
            answerCopy();
            long until = Math.min(due, t.deadlineNanos());
            if (inFlight > 0) {
                reap(0, t);
                clock.idle(until, IN_FLIGHT_PARK_NANOS);
            } else {
                clock.idle(until, MAX_PARK_NANOS);
            }
        }
    }

    /**
     * fio's sleep in {@code rate_ddir} of {@code waitMicros} (0: none; -1: no request was made, false): the requests
     * in flight complete first ({@code io_u_quiesce}), then the whole wait is slept, as fio sleeps the wait it worked
     * out before them. False when the run's deadline or a stop came first.
     */
    private boolean awaitRate(long waitMicros, Timeline t) {
        if (waitMicros <= 0) {
            return waitMicros == 0;
        }
        if (rates.quiesce()) { // io_submit_mode=offload submits on time, whatever is in flight
            commit();
            while (inFlight > 0) {
                reap(1, t);
            }
        }
        return awaitUntil(clock.nanoTime() + waitMicros * 1000, t);
    }

    /** The rates' direction of {@code r}: 0 read, 1 write, -1 for anything else. */
    private static int rateDirection(IoRequest r) {
        return r.op() == IoOp.READ ? 0 : r.op() == IoOp.WRITE ? 1 : -1;
    }

    /**
     * Waits until the throttle lets the next request go, letting requests in flight complete first when it asks;
     * false when the run's deadline or a stop came first, or the job fell below its rate floor (the run fails).
     */
    private boolean awaitThrottle(Timeline t) {
        while (true) {
            long now = clock.nanoTime();
            throttle.checkFloor(now, stats, id, control);
            if (now >= t.deadlineNanos() || control.stopped() || control.finishing() || end.asked()) {
                lastNanos = now;
                return false;
            }
            if (throttle.mustQuiesce() && inFlight > 0) {
                commit();
                reap(1, t);
                continue;
            }
            long at = throttle.readyAt(now);
            if (at <= now) {
                return true;
            }
            answerCopy();
            if (throttle.waitsForFlow(now)) {
                throttle.awaitFlow(MAX_PARK_NANOS); // woken by the job it waits for, not by a time
            } else {
                clock.idle(at, MAX_PARK_NANOS);
            }
        }
    }

    private IoRequest prepareNext() {
        IoRequest r = requests[free[--freeCount]];
        if (throttle != null) {
            throttle.issued();
        }
        if (pacer.paced()) {
            intendedNanos[r.index()] = pacer.take();
        }
        source.next(r);
        if (dropCacheEachPass && source.passes() != passesDropped) {
            passesDropped = source.passes();
            dropCache(r);
        }
        r.ioprio(priorities == null ? 0 : priorities.choose(r.op(), r.length()));
        return r;
    }

    /**
     * Drops the cached pages of {@code r}'s file, as fio's {@code file_invalidate_cache} (posix_fadvise DONTNEED, a
     * block device's BLKFLSBUF); a failure is not fatal, as in fio, and the pass goes on.
     */
    private void dropCache(IoRequest r) {
        IoFile f = r.file() != null ? r.file() : file;
        try {
            engine.invalidate(f);
        } catch (IOException | RuntimeException e) {
            dropCacheEachPass = false; // fio logs it and goes on; one failure says the next will fail too
        }
    }

    /**
     * The loop's reap once it cannot issue more, as fio's {@code wait_for_completions}: waits in the kernel for
     * {@code reapMin} completions (at most those in flight), or with {@code reapMin} 0 asks without waiting until one
     * is back; takes at most {@code reapMax}.
     */
    private void reapBatch(Timeline t) {
        if (reapMin > 0) {
            reap(Math.min(reapMin, inFlight), t);
            return;
        }
        while (inFlight > 0 && reap(0, t) == 0) {
            Thread.onSpinWait();
        }
    }

    private int reap(int min, Timeline t) {
        completions.clear(reapMax);
        int n = engine.reap(min, completions);
        depths.completed(n);
        for (int i = 0; i < n; i++) {
            inFlight--;
            complete(completions.get(i), t);
        }
        return n;
    }

    /**
     * Handles one completion: records it, resubmits the rest of a short transfer, submits the source's follow-up, or
     * stops the run on error.
     */
    private void complete(IoRequest r, Timeline t) {
        while (true) {
            long result = r.result();
            long now = clock.nanoTime();
            lastNanos = now;
            rampCheck(now, t);
            if (result < 0) {
                if (!source.endsAt((int) -result)) {
                    fail(r, (int) -result, null);
                }
                release(r);
                return;
            }
            IoOp op = r.op();
            if (op == IoOp.TRIM) { // counted by its length, never short: BLKDISCARD and punching holes are whole
                if (recordAndFollow(r, op, now, t, result)) {
                    continue;
                }
                return;
            }
            if (!op.transfersData()) {
                stats.synced(now - r.issueNanos());
                release(r);
                return;
            }
            stats.issued(op == IoOp.WRITE, result);
            if (result == 0 && !endsQuietly(r)) {
                release(r);
                return;
            }
            if (result > 0 && result < r.length() && !source.shortIsFinal(r)) {
                r.advance(result);
                if (resubmit(r)) {
                    continue;
                }
                return;
            }
            long bytes = r.bufferOffset() + result;
            if (bytes == 0) { // the source's end, nothing moved; or a burn, which counts
                if (source.countsEmpty()) {
                    record(r, op, now, t, 0);
                }
                release(r);
                return;
            }
            if (!recordAndFollow(r, op, now, t, bytes)) {
                return;
            }
        }
    }

    /** Records a finished request; its follow-up (a copy's write, trimwrite's write) goes now: true to handle again. */
    private boolean recordAndFollow(IoRequest r, IoOp op, long now, Timeline t, long bytes) {
        record(r, op, now, t, bytes);
        String bad = source.dataFailure(r, bytes);
        if (bad != null) {
            fail(r, Errno.EILSEQ, bad);
            release(r);
            return false;
        }
        if (!source.completed(r, bytes)) {
            release(r);
            return false;
        }
        r.issueNanos(now);
        return resubmit(r);
    }

    /**
     * Submits {@code r} again from inside a completion: true when it completed at once (handle it again), false when
     * it is in flight or held. Several completions of one reap may each leave a request the engine refuses with
     * BUSY: all are held.
     */
    private boolean resubmit(IoRequest r) {
        logIssue(r);
        SubmitStatus status = engine.submit(r);
        countSubmitted(status);
        if (status == SubmitStatus.COMPLETED) {
            return true;
        }
        if (status == SubmitStatus.QUEUED) {
            inFlight++;
        } else {
            held[heldCount++] = r;
        }
        return false;
    }

    /** A transfer of nothing: true when it is the source's normal end; else the run fails and false. */
    private boolean endsQuietly(IoRequest r) {
        String failure = source.nothingTransferred(r);
        if (failure == null) {
            return true;
        }
        fail(r, 0, failure);
        return false;
    }

    /**
     * fio's {@code ramp_time_over} at each completion (a sync's too): at the first one after the ramp it zeroes
     * {@code io_issues} and {@code last_was_sync}, so {@code fsync=N} counts its writes from there, and the mix its
     * requests; the request that completes there was issued before and counts for neither. fio's rates start
     * again from there too (reset_all_stats zeroes rate_io_issue_bytes and rate_next_io_time, and moves the epoch).
     */
    private void rampCheck(long now, Timeline t) {
        if (!rampOver && now >= t.measureStartNanos() && t.measureStartNanos() > t.startNanos()) {
            rampOver = true;
            rampOverNanos = now;
            writesDone = 0;
            lastWasSync = false;
            source.rampEnded();
            if (rates != null) {
                rates.start(now);
            }
        }
    }

    private void record(IoRequest r, IoOp op, long now, Timeline t, long length) {
        if (op == IoOp.WRITE && (!rampOver || r.issueNanos() >= rampOverNanos)) {
            writesDone++;
        }
        lastWasSync = !op.countsLength();
        if (r.issueNanos() < t.measureStartNanos()) {
            return;
        }
        if (throttle != null) {
            throttle.completed(now, now - r.issueNanos(), control, id);
        }
        stats.completed(op, length, r, now, pacer.paced() || rates != null ? intendedNanos[r.index()] : -1,
                t.measureStartNanos(),
                logsSlat);
    }

    private boolean syncDue() {
        return fsyncEvery > 0 && !lastWasSync && writesDone > 0 && writesDone % fsyncEvery == 0;
    }

    private void periodicSync(Timeline t) {
        IoRequest r = requests[free[--freeCount]];
        r.prepare(periodicSyncOp, source.syncFile(file), 0, 0);
        r.issueNanos(clock.nanoTime());
        lastWasSync = true; // its completion records it too; set here so no second is due before it
        logIssue(r);
        SubmitStatus status = engine.submit(r);
        while (status == SubmitStatus.BUSY) {
            commit();
            status = engine.submit(r);
        }
        countSubmitted(status);
        if (status == SubmitStatus.COMPLETED) {
            complete(r, t);
            return;
        }
        inFlight++;
        commit();
        while (inFlight > 0) {
            reap(1, t);
        }
    }

    /**
     * The request log's close lines at {@code nanos}; a new loop the source began without a request (fio opened the
     * file for it, found no request and closed it: the job's last loop) is logged first.
     */
    void finishRequestLog(long nanos) throws java.io.IOException {
        if (source.loops() != loopsLogged) {
            loopsLogged = source.loops();
            requestLog.reopen(nanos);
        }
        requestLog.finish(nanos);
    }

    /** fio's {@code log_io_u}: the request as it goes to the engine (fio logs it in {@code td_io_queue}). */
    private void logIssue(IoRequest r) {
        if (requestLog == null) {
            return;
        }
        if (source.loops() != loopsLogged) { // fio closed its files at a new loop and opens them again now
            loopsLogged = source.loops();
            requestLog.reopen(r.issueNanos());
        }
        RequestLog.Action action = switch (r.op()) {
            case READ -> RequestLog.Action.READ;
            case WRITE -> RequestLog.Action.WRITE;
            case TRIM -> RequestLog.Action.TRIM;
            case FDATASYNC -> RequestLog.Action.DATASYNC;
            default -> RequestLog.Action.SYNC;
        };
        requestLog.request(r.file(), action, r.offset(), r.length(), r.issueNanos());
    }

    private void release(IoRequest r) {
        free[freeCount++] = r.index();
    }

    private void fail(IoRequest r, int errno, String message) {
        control.fail(IoFailures.of(id, r, errno, message, source.where(r), directAlignment));
    }
}
