package org.iobench.workload;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.measure.IntervalLatencies;
import org.iobench.measure.IntervalSeries;
import org.iobench.measure.IoLogs;
import org.iobench.measure.LatencyRecorder;
import org.iobench.result.DryRun;
import org.iobench.result.VerifyPhases;

/**
 * What one worker counted. Written by its worker thread only; read by the runner after the thread ended
 * (the join is the happens-before edge), except the live figures ({@link #liveBytesRead()}, {@link #liveBytesWritten()},
 * {@link #liveBytesTrimmed()}, {@link #liveRequests()}), published for progress lines and fio's aggregate logs.
 */
public final class WorkerStats {
    final LatencyRecorder readLatency = new LatencyRecorder();
    final LatencyRecorder writeLatency = new LatencyRecorder();
    final LatencyRecorder syncLatency = new LatencyRecorder();
    /** Trims (fio's trim direction): issue to completion. */
    final LatencyRecorder trimLatency = new LatencyRecorder();
    /**
     * fio's slat: issue to hand-over to the kernel; and clat: hand-over to completion; per direction (read, write,
     * trim: fio's ddir order), where the engine stamped the hand-over.
     */
    final LatencyRecorder[] submitLatency = {new LatencyRecorder(), new LatencyRecorder(), new LatencyRecorder()};
    final LatencyRecorder[] completionLatency = {new LatencyRecorder(), new LatencyRecorder(),
            new LatencyRecorder()};
    /** Per direction and I/O priority, for a job that sets priorities (fio's per-priority stats); null otherwise. */
    final PriorityLatencies priorityLatency;
    /** Under a rate limit: completion minus the request's intended start on the schedule (coordinated omission). */
    final LatencyRecorder correctedReadLatency = new LatencyRecorder();
    final LatencyRecorder correctedWriteLatency = new LatencyRecorder();
    final IntervalSeries series;
    /** Per interval and direction: p50/p99/max of the requests completed in it. */
    final IntervalLatencies intervalLatency;
    long bytesRead;
    long bytesWritten;
    long reads;
    long writes;
    long syncs;
    long bytesTrimmed;
    long trims;
    /** The emulated zones the worker reset ({@link RequestSource#zoneResets}), set when its loop ends. */
    long zoneResets;
    /** fio's {@code verify_only} dry run ({@link RequestSource#dryRun}), set when its loop ends; null: none. */
    DryRun dryRun;
    /** fio's verify phases ({@link RequestSource#verifyPhases}), set when its loop ends; null: none. */
    VerifyPhases verifyPhases;
    long syncNanos;
    /** Every byte the kernel reported transferred, warm-up included: compared with /proc/self/io. */
    long issuedBytesRead;
    long issuedBytesWritten;
    long endNanos;
    /** fio's I/O logs of this worker's requests; null when the job writes none. */
    IoLogs logs;
    /** Written with release stores, read with acquire loads ({@link #LIVE_READ} and the others). */
    private long liveRead;
    private long liveWritten;
    private long liveTrimmed;
    private long liveReads;
    private long liveWrites;
    private long liveTrims;
    /**
     * The live figures' handles, bytes and requests per direction (fio's ETA line and agg-*_bw.log are per
     * direction). A volatile store after every request was a full fence each (x86's locked instruction); a release
     * store is a plain store there, so six per request cost six plain stores, and a reader that sees a figure a
     * request late loses nothing.
     */
    private static final VarHandle LIVE_READ;
    private static final VarHandle LIVE_WRITTEN;
    private static final VarHandle LIVE_TRIMMED;
    private static final VarHandle LIVE_READS;
    private static final VarHandle LIVE_WRITES;
    private static final VarHandle LIVE_TRIMS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LIVE_READ = l.findVarHandle(WorkerStats.class, "liveRead", long.class);
            LIVE_WRITTEN = l.findVarHandle(WorkerStats.class, "liveWritten", long.class);
            LIVE_TRIMMED = l.findVarHandle(WorkerStats.class, "liveTrimmed", long.class);
            LIVE_READS = l.findVarHandle(WorkerStats.class, "liveReads", long.class);
            LIVE_WRITES = l.findVarHandle(WorkerStats.class, "liveWrites", long.class);
            LIVE_TRIMS = l.findVarHandle(WorkerStats.class, "liveTrims", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }


    /**
     * The heap one worker's counters take once its latencies reach {@code highestLatencyNanos}: the latency recorders
     * a job fills at most (a mixed job under a rate: reads' and writes' total, submission, completion and corrected,
     * and the syncs'; per-priority ones, made only for the priorities a job uses, not counted) and its interval
     * histograms (fio's logs, kept only when asked for, not counted), in bytes.
     */
    public static long footprintBytes(long highestLatencyNanos) {
        return 9 * LatencyRecorder.footprintBytes(highestLatencyNanos) + IntervalLatencies.footprintBytes();
    }

    private WorkerStats(long intervalNanos, boolean perPriority) {
        this(new IntervalSeries(intervalNanos), new IntervalLatencies(intervalNanos),
                perPriority ? new PriorityLatencies() : null);
    }

    private WorkerStats(IntervalSeries series, IntervalLatencies intervalLatency, PriorityLatencies priorityLatency) {
        this.series = series;
        this.intervalLatency = intervalLatency;
        this.priorityLatency = priorityLatency;
    }

    /**
     * The counters so far, copied whole (fio's {@code --status-interval} report of a running job), ending at
     * {@code nowNanos}; fio's I/O logs are not copied. Called on the worker's own thread, between two requests.
     */
    WorkerStats copy(long nowNanos) {
        WorkerStats c = new WorkerStats(series.copy(), intervalLatency.copy(),
                priorityLatency == null ? null : priorityLatency.copy());
        c.readLatency.add(readLatency);
        c.writeLatency.add(writeLatency);
        c.syncLatency.add(syncLatency);
        c.trimLatency.add(trimLatency);
        for (int d = 0; d < 3; d++) {
            c.submitLatency[d].add(submitLatency[d]);
            c.completionLatency[d].add(completionLatency[d]);
        }
        c.correctedReadLatency.add(correctedReadLatency);
        c.correctedWriteLatency.add(correctedWriteLatency);
        c.bytesRead = bytesRead;
        c.bytesWritten = bytesWritten;
        c.reads = reads;
        c.writes = writes;
        c.syncs = syncs;
        c.bytesTrimmed = bytesTrimmed;
        c.trims = trims;
        c.syncNanos = syncNanos;
        c.issuedBytesRead = issuedBytesRead;
        c.issuedBytesWritten = issuedBytesWritten;
        c.endNanos = nowNanos;
        return c;
    }

    /**
     * A worker's counters for its run's setup, with fio's logs when the job writes them and per-priority latencies
     * when it sets priorities.
     */
    WorkerStats(WorkerSetup setup) {
        this(setup.intervalNanos(), setup.priorities() != null);
        logs = setup.logs() == null ? null : new IoLogs(setup.logs());
    }

    /**
     * One finished read, write or trim of the measured phase: counts, latencies (total; submission and completion
     * where the engine stamped its hand-over; from the intended start under a rate), the series and fio's logs. A trim
     * is counted by its length in its own direction (fio's direction 2 in its logs; not in the interval series, which
     * holds reads and writes).
     *
     * @param r             the request, with its issue and submission times, offset and I/O priority
     * @param intendedNanos the request's slot on the rate's schedule, -1 when unpaced
     * @param logSlat       the engine hands requests over (an asynchronous engine): fio logs its submission latency
     */
    void completed(IoOp op, long length, IoRequest r, long now, long intendedNanos, long measureStartNanos,
                   boolean logSlat) {
        long issueNanos = r.issueNanos();
        long submitNanos = r.submitNanos();
        long latency = now - issueNanos;
        boolean split = submitNanos >= issueNanos && submitNanos <= now; // on the run's clock; 0 when not stamped
        int direction;
        switch (op) {
            case WRITE -> {
                direction = 1;
                writes++;
                bytesWritten += length;
                writeLatency.record(latency);
                if (intendedNanos >= 0) {
                    correctedWriteLatency.record(now - intendedNanos);
                }
            }
            case TRIM -> {
                direction = 2;
                trims++;
                bytesTrimmed += length;
                trimLatency.record(latency);
            }
            default -> {
                direction = 0;
                reads++;
                bytesRead += length;
                readLatency.record(latency);
                if (intendedNanos >= 0) {
                    correctedReadLatency.record(now - intendedNanos);
                }
            }
        }
        if (split) {
            submitLatency[direction].record(submitNanos - issueNanos);
            completionLatency[direction].record(now - submitNanos);
        }
        if (priorityLatency != null) {
            priorityLatency.record(direction, r.ioprio(), split ? now - submitNanos : -1, latency);
        }
        if (direction != 2) {
            series.record(now - measureStartNanos, direction == 1, length);
        }
        intervalLatency.record(now - measureStartNanos, direction == 1 ? IntervalLatencies.WRITE
                : direction == 2 ? IntervalLatencies.TRIM : IntervalLatencies.READ, latency);
        if (logs != null) {
            logs.completed(now - measureStartNanos, direction, length, r.offset() - r.bufferOffset(), latency,
                    logSlat && split ? submitNanos - issueNanos : -1, split ? now - submitNanos : latency,
                    r.ioprio());
        }
        publishLive();
    }

    /** A sync request that took {@code nanos}. */
    void synced(long nanos) {
        syncs++;
        syncNanos += nanos;
        syncLatency.record(nanos);
    }

    /** Bytes the engine moved for a request (a short transfer's part included), measured phase or not. */
    void issued(boolean write, long bytes) {
        if (write) {
            issuedBytesWritten += bytes;
        } else {
            issuedBytesRead += bytes;
        }
    }

    /** Publishes the measured bytes per direction and the requests so far, for readers on other threads. */
    void publishLive() {
        LIVE_READ.setRelease(this, bytesRead);
        LIVE_WRITTEN.setRelease(this, bytesWritten);
        LIVE_TRIMMED.setRelease(this, bytesTrimmed);
        LIVE_READS.setRelease(this, reads);
        LIVE_WRITES.setRelease(this, writes);
        LIVE_TRIMS.setRelease(this, trims);
    }

    /** Measured bytes so far, all directions, for progress display; lags by at most one request. */
    public long liveBytes() {
        return liveBytesRead() + liveBytesWritten() + liveBytesTrimmed();
    }

    /** Measured bytes read so far; lags by at most one request. */
    public long liveBytesRead() {
        return (long) LIVE_READ.getAcquire(this);
    }

    /** Measured bytes written so far; lags by at most one request. */
    public long liveBytesWritten() {
        return (long) LIVE_WRITTEN.getAcquire(this);
    }

    /** Measured bytes trimmed so far; lags by at most one request. */
    public long liveBytesTrimmed() {
        return (long) LIVE_TRIMMED.getAcquire(this);
    }

    /** Measured reads, writes and trims so far, for progress display; lags by at most one request. */
    public long liveRequests() {
        return liveReads() + liveWrites() + liveTrims();
    }

    /** Measured reads so far (fio's ETA line's IOPS are per direction); lags by at most one request. */
    public long liveReads() {
        return (long) LIVE_READS.getAcquire(this);
    }

    public long liveWrites() {
        return (long) LIVE_WRITES.getAcquire(this);
    }

    public long liveTrims() {
        return (long) LIVE_TRIMS.getAcquire(this);
    }
}
