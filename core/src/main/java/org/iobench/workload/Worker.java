package org.iobench.workload;

import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.iobench.engine.Completions;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.measure.NanoClock;
import org.iobench.result.IoFailure;
import org.iobench.sys.Errno;
import org.iobench.sys.TimerSlack;
import org.iobench.verify.WorkerVerifier;

/**
 * One worker: keeps up to {@code iodepth} requests in flight on its engine until its byte budget, the deadline or
 * a stop request ends it. Short transfers are resubmitted for the rest; latency runs from the first issue to the
 * last completion of a request. The first I/O error stops the whole run. Under a rate limit the worker issues each
 * request at its {@link Pacer} slot, and also records latency from that intended start (coordinated omission).
 */
final class Worker implements Runnable {
    /** Longest single sleep while waiting for a paced slot, so a stop request is seen promptly. */
    private static final long MAX_PARK_NANOS = 10_000_000;
    /** Sleep slice while requests are in flight on an async engine, so completions are reaped on time. */
    private static final long IN_FLIGHT_PARK_NANOS = 50_000;
    /** A paced worker's sleeps end within this of the due time, instead of the kernel's default 50 us. */
    private static final long PACED_TIMER_SLACK_NANOS = 1_000;
    private final int id;
    private final WorkerPlan plan;
    private final IoEngine engine;
    private final IoRequest[] requests;
    private final long[] requestedLength;
    private final int[] free;
    private int freeCount;
    private final Completions completions;
    private final int fd;
    private final long blockSize;
    private final int readPercent;
    private final boolean mixed;
    private final boolean writesOnly;
    private final int fsyncEvery;
    private final IoOp periodicSyncOp;
    private final OffsetGenerator offsets;
    /** The logical block size O_DIRECT requests must align to; 0 for buffered jobs. */
    long directAlignment;
    /** Per request slot, for a verified random job (see {@link WorkerSetup#stripedRandom()}); else null. */
    private final OffsetGenerator[] slotOffsets;
    private final SplittableRandom mix;
    private final NanoClock clock;
    private final RunControl control;
    private final CountDownLatch start;
    private final Timeline[] timeline;
    private final Pacer pacer;
    /** Per request slot: its intended start on the pacer's schedule. */
    private final long[] intendedNanos;
    final WorkerStats stats;
    /** This thread's kernel counters at its start, the window's opening and its end. */
    final TaskWindow task = new TaskWindow();
    /** Set by the runner when the job verifies data ({@code --verify}); null otherwise. */
    WorkerVerifier verifier;

    private int inFlight;
    private long budgetIssued;
    private int writesSinceSync;
    /** Requests the engine refused with BUSY, to submit again before any new one (several: see complete). */
    private final IoRequest[] held;
    private int heldCount;
    /** The clock at the latest completion: saves a clock read per request on the deadline check. */
    private long lastNanos;

    Worker(int id, WorkerPlan plan, WorkerSetup setup, IoEngine engine, IoRequest[] requests, int fd,
           NanoClock clock, RunControl control, CountDownLatch start, Timeline[] timeline) {
        this.id = id;
        this.plan = plan;
        this.engine = engine;
        this.requests = requests;
        this.requestedLength = new long[requests.length];
        this.free = new int[requests.length];
        this.held = new IoRequest[requests.length];
        for (int i = 0; i < requests.length; i++) {
            free[freeCount++] = requests.length - 1 - i;
        }
        this.completions = new Completions(requests.length);
        this.fd = fd;
        this.blockSize = setup.blockSize();
        this.readPercent = setup.readPercent();
        this.mixed = setup.mixed();
        this.writesOnly = setup.writesOnly();
        this.fsyncEvery = setup.fsyncEvery();
        this.periodicSyncOp = setup.periodicSyncOp();
        this.offsets = setup.random()
                ? OffsetGenerator.random(plan.regionStart(), plan.regionLength(), blockSize, setup.seed() + id)
                : OffsetGenerator.sequential(plan.regionStart(), setup.exactSize()
                        ? Math.ceilDiv(plan.regionLength(), blockSize) * blockSize : plan.regionLength(), blockSize);
        this.slotOffsets = setup.stripedRandom() ? stripes(plan, setup, id, requests.length) : null;
        this.mix = new SplittableRandom(setup.seed() * 31 + id);
        this.clock = clock;
        this.control = control;
        this.start = start;
        this.timeline = timeline;
        this.pacer = Pacer.forWorker(setup.opsPerSecond(), setup.workers(), id);
        this.intendedNanos = new long[requests.length];
        this.stats = new WorkerStats(setup.intervalNanos());
    }

    @Override
    public void run() {
        task.begin(); // before the start signal: the thread has done no I/O yet
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            task.end();
            return;
        }
        Timeline t = timeline[0];
        try {
            // One origin for every worker: the job's rate holds even if a thread starts late (it then catches up,
            // and its corrected latency shows the delay; --ramp leaves start-up out of the figures).
            pacer.start(t.startNanos());
            if (pacer.paced()) {
                TimerSlack.set(PACED_TIMER_SLACK_NANOS);
            }
            loop(t);
        } finally {
            task.end(); // after the last request, outside the loop
            stats.endNanos = clock.nanoTime();
            stats.publishLive(stats.bytesRead + stats.bytesWritten, stats.reads + stats.writes);
        }
    }

    private void loop(Timeline t) {
        boolean syncDue = false;
        while (true) {
            boolean done = control.stopped() || control.finishing() || budgetIssued >= plan.byteBudget()
                    || clock.nanoTime() >= t.deadlineNanos();
            // A held request (refused with BUSY) goes first, even once the job is done issuing new ones or a periodic
            // sync is due: it may be the rest of a short transfer, which the job has already counted as issued.
            while (inFlight < requests.length
                    && (heldCount > 0 ? !control.stopped() : !syncDue && !done && freeCount > 0)) {
                if (heldCount == 0 && pacer.paced() && !awaitSlot(t)) {
                    break;
                }
                IoRequest r = heldCount > 0 ? held[--heldCount] : prepareNext();
                if (r.bufferOffset() == 0) { // the rest of a short transfer keeps its first issue time
                    r.issueNanos(clock.nanoTime());
                }
                SubmitStatus status = engine.submit(r);
                if (status == SubmitStatus.BUSY) {
                    held[heldCount++] = r;
                    break;
                }
                if (status == SubmitStatus.QUEUED) {
                    inFlight++;
                } else {
                    complete(r, t);
                }
                syncDue = fsyncEvery > 0 && writesSinceSync >= fsyncEvery;
                done = control.stopped() || control.finishing() || budgetIssued >= plan.byteBudget()
                        || lastNanos >= t.deadlineNanos();
            }
            engine.commit();
            if (inFlight > 0) {
                reapAtLeastOne(t);
                continue;
            }
            if (syncDue && heldCount == 0 && !control.stopped()) {
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
     * Waits for the pacer's next slot, reaping completions meanwhile; false when the run's deadline or a stop came
     * first. Sleeps are short and the schedule absolute, so an overslept wake-up only delays, never drops, a slot.
     */
    private boolean awaitSlot(Timeline t) {
        long due = pacer.nextDueNanos();
        if (clock.nanoTime() < due) {
            engine.commit();   // an async engine must not hold queued requests while we sleep
        }
        while (true) {
            long now = clock.nanoTime();
            if (now >= due) {
                return true;
            }
            if (now >= t.deadlineNanos() || control.stopped() || control.finishing()) {
                lastNanos = now;
                return false;
            }
            long until = Math.min(due, t.deadlineNanos());
            if (inFlight > 0) {
                reap(0, t);
                LockSupport.parkNanos(Math.min(until - now, IN_FLIGHT_PARK_NANOS));
            } else {
                LockSupport.parkNanos(Math.min(until - now, MAX_PARK_NANOS));
            }
        }
    }

    private static OffsetGenerator[] stripes(WorkerPlan plan, WorkerSetup setup, int worker, int depth) {
        OffsetGenerator[] g = new OffsetGenerator[depth];
        int stripes = setup.workers() * depth;
        for (int slot = 0; slot < depth; slot++) {
            g[slot] = OffsetGenerator.randomStripe(plan.regionStart(), plan.regionLength(), setup.blockSize(),
                    worker * depth + slot, stripes, setup.seed() + worker * 7919L + slot);
        }
        return g;
    }

    private IoRequest prepareNext() {
        IoRequest r = requests[free[--freeCount]];
        if (pacer.paced()) {
            intendedNanos[r.index()] = pacer.take();
        }
        boolean read = !writesOnly && (!mixed || mix.nextInt(100) < readPercent);
        long offset = slotOffsets != null ? slotOffsets[r.index()].next() : offsets.next();
        long length = Math.min(blockSize, plan.byteBudget() - budgetIssued); // short only for an exact-size tail
        r.prepare(read ? IoOp.READ : IoOp.WRITE, fd, offset, length);
        if (!read && verifier != null && length == blockSize) {
            verifier.stamp(r.index(), offset);
        }
        requestedLength[r.index()] = length;
        budgetIssued += length;
        return r;
    }

    private void reapAtLeastOne(Timeline t) {
        reap(1, t);
    }

    private void reap(int min, Timeline t) {
        completions.clear();
        int n = engine.reap(min, completions);
        for (int i = 0; i < n; i++) {
            inFlight--;
            complete(completions.get(i), t);
        }
    }

    /** Handles one completion: records it, resubmits the rest of a short transfer, or stops the run on error. */
    private void complete(IoRequest r, Timeline t) {
        while (true) {
            long result = r.result();
            long now = clock.nanoTime();
            lastNanos = now;
            if (result < 0) {
                fail(r, (int) -result, null);
                release(r);
                return;
            }
            IoOp op = r.op();
            if (!op.transfersData()) {
                stats.syncs++;
                stats.syncNanos += now - r.issueNanos();
                stats.syncLatency.record(now - r.issueNanos());
                release(r);
                return;
            }
            if (op == IoOp.READ) {
                stats.issuedBytesRead += result;
            } else {
                stats.issuedBytesWritten += result;
            }
            if (result == 0) {
                fail(r, 0, (op == IoOp.READ ? "read" : "write") + " at offset " + r.offset()
                        + " transferred nothing: the target ended early (was it truncated underneath?)");
                release(r);
                return;
            }
            if (result < r.length()) {
                r.advance(result);
                SubmitStatus status = engine.submit(r);
                if (status == SubmitStatus.COMPLETED) {
                    continue;
                }
                if (status == SubmitStatus.QUEUED) {
                    inFlight++;
                    return;
                }
                // Several completions of one reap may each leave a rest the engine refuses: hold them all.
                held[heldCount++] = r;
                return;
            }
            record(r, op, now, t);
            if (op == IoOp.READ && verifier != null && requestedLength[r.index()] == blockSize) {
                verifier.checkRead(r.index(), r.offset() - r.bufferOffset());
            }
            release(r);
            return;
        }
    }

    private void record(IoRequest r, IoOp op, long now, Timeline t) {
        if (op == IoOp.WRITE) {
            writesSinceSync++;
        }
        if (r.issueNanos() < t.measureStartNanos()) {
            return;
        }
        long length = requestedLength[r.index()];
        long latency = now - r.issueNanos();
        long submitted = r.submitNanos();
        if (submitted >= r.issueNanos() && submitted <= now) { // engines stamp it with System.nanoTime
            stats.submitLatency.record(submitted - r.issueNanos());
            stats.completionLatency.record(now - submitted);
        }
        if (op == IoOp.READ) {
            stats.reads++;
            stats.bytesRead += length;
            stats.readLatency.record(latency);
            if (pacer.paced()) {
                stats.correctedReadLatency.record(now - intendedNanos[r.index()]);
            }
        } else {
            stats.writes++;
            stats.bytesWritten += length;
            stats.writeLatency.record(latency);
            if (pacer.paced()) {
                stats.correctedWriteLatency.record(now - intendedNanos[r.index()]);
            }
        }
        stats.series.record(now - t.measureStartNanos(), op == IoOp.WRITE, length);
        stats.publishLive(stats.bytesRead + stats.bytesWritten, stats.reads + stats.writes);
    }

    private void periodicSync(Timeline t) {
        IoRequest r = requests[free[--freeCount]];
        r.prepare(periodicSyncOp, fd, 0, 0);
        r.issueNanos(clock.nanoTime());
        writesSinceSync = 0;
        SubmitStatus status = engine.submit(r);
        while (status == SubmitStatus.BUSY) {
            engine.commit();
            status = engine.submit(r);
        }
        if (status == SubmitStatus.COMPLETED) {
            complete(r, t);
            return;
        }
        inFlight++;
        engine.commit();
        while (inFlight > 0) {
            reapAtLeastOne(t);
        }
    }

    private void release(IoRequest r) {
        free[freeCount++] = r.index();
    }

    /**
     * For EINVAL under O_DIRECT, which of the three alignments the kernel checks is broken, against the device's
     * logical block size; empty otherwise.
     */
    private String directHint(IoRequest r, int errno) {
        long a = directAlignment;
        if (errno != Errno.EINVAL || a <= 0 || !r.op().transfersData()) {
            return "";
        }
        long address = r.buffer().address() + r.bufferOffset();
        StringBuilder wrong = new StringBuilder();
        if (r.offset() % a != 0) {
            wrong.append(", the offset ").append(r.offset());
        }
        if (r.length() % a != 0) {
            wrong.append(", the length ").append(r.length());
        }
        if (address % a != 0) {
            wrong.append(", the buffer address 0x").append(Long.toHexString(address));
        }
        return "; O_DIRECT needs offset, length and buffer address to be multiples of the logical block size " + a
                + (wrong.isEmpty() ? " (all three are)" : ":" + wrong.substring(1) + " is not");
    }

    private void fail(IoRequest r, int errno, String message) {
        String what = message != null ? message
                : r.op().name().toLowerCase() + " of " + r.length() + " bytes at offset " + r.offset() + " failed: "
                        + Errno.describe(errno) + directHint(r, errno);
        control.fail(new IoFailure(id, r.op().name().toLowerCase(), r.offset(), r.length(), errno,
                errno == 0 ? "" : Errno.name(errno), what));
    }
}
