package org.iobench.workload;

import org.iobench.engine.IoOp;
import org.iobench.measure.IntervalLatencies;
import org.iobench.measure.IoLogs;
import org.iobench.measure.IntervalSeries;
import org.iobench.measure.LatencyRecorder;

/**
 * What one worker counted. Written by its worker thread only; read by the runner after the thread ended
 * (the join is the happens-before edge), except {@link #liveBytes()} and {@link #liveRequests()}, published for progress lines.
 */
public final class WorkerStats {
    final LatencyRecorder readLatency = new LatencyRecorder();
    final LatencyRecorder writeLatency = new LatencyRecorder();
    final LatencyRecorder syncLatency = new LatencyRecorder();
    /** Trims (fio's trim direction): issue to completion. */
    final LatencyRecorder trimLatency = new LatencyRecorder();
    /** fio's slat: issue to hand-over to the kernel; and clat: hand-over to completion (reads and writes). */
    final LatencyRecorder submitLatency = new LatencyRecorder();
    final LatencyRecorder completionLatency = new LatencyRecorder();
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
    long syncNanos;
    /** Every byte the kernel reported transferred, warm-up included: compared with /proc/self/io. */
    long issuedBytesRead;
    long issuedBytesWritten;
    long endNanos;
    /** fio's I/O logs of this worker's requests; null when the job writes none. */
    IoLogs logs;
    private volatile long liveBytes;
    private volatile long liveRequests;

    WorkerStats(long intervalNanos) {
        series = new IntervalSeries(intervalNanos);
        intervalLatency = new IntervalLatencies(intervalNanos);
    }

    /** A worker's counters for its run's setup, with fio's logs when the job writes them. */
    WorkerStats(WorkerSetup setup) {
        this(setup.intervalNanos());
        logs = setup.logs() == null ? null : new IoLogs(setup.logs(), setup.fixedBlockBytes());
    }

    /**
     * One finished request of the measured phase: a read or write ({@link #completed(boolean, long, long, long,
     * long, long, long, long, boolean, int) below}), or a trim, counted by its length in its own direction (fio's
     * direction 2 in its logs; not in the interval series, which holds reads and writes).
     */
    void completed(IoOp op, long length, long issueNanos, long submitNanos, long now, long intendedNanos,
                   long measureStartNanos, long offset, boolean logSlat, int ioprio) {
        if (op != IoOp.TRIM) {
            completed(op == IoOp.WRITE, length, issueNanos, submitNanos, now, intendedNanos, measureStartNanos,
                    offset, logSlat, ioprio);
            return;
        }
        long latency = now - issueNanos;
        boolean split = submitNanos >= issueNanos && submitNanos <= now;
        if (split) {
            submitLatency.record(submitNanos - issueNanos);
            completionLatency.record(now - submitNanos);
        }
        trims++;
        bytesTrimmed += length;
        trimLatency.record(latency);
        intervalLatency.record(now - measureStartNanos, IntervalLatencies.TRIM, latency);
        if (logs != null) {
            logs.completed(now - measureStartNanos, 2, length, offset, latency,
                    logSlat && split ? submitNanos - issueNanos : -1, split ? now - submitNanos : latency, ioprio);
        }
        publishLive(bytesRead + bytesWritten + bytesTrimmed, reads + writes + trims);
    }

    /**
     * One finished read or write of the measured phase: counts, latencies (total; submission and completion where
     * the engine stamped its hand-over; from the intended start under a rate), the series and fio's logs.
     *
     * @param intendedNanos the request's slot on the rate's schedule, -1 when unpaced
     * @param logSlat       the engine hands requests over (an asynchronous engine): fio logs its submission latency
     * @param ioprio        the request's I/O priority (0: none), for fio's logs
     */
    void completed(boolean write, long length, long issueNanos, long submitNanos, long now, long intendedNanos,
                   long measureStartNanos, long offset, boolean logSlat, int ioprio) {
        long latency = now - issueNanos;
        boolean split = submitNanos >= issueNanos && submitNanos <= now; // engines stamp it with System.nanoTime
        if (split) {
            submitLatency.record(submitNanos - issueNanos);
            completionLatency.record(now - submitNanos);
        }
        if (write) {
            writes++;
            bytesWritten += length;
            writeLatency.record(latency);
            if (intendedNanos >= 0) {
                correctedWriteLatency.record(now - intendedNanos);
            }
        } else {
            reads++;
            bytesRead += length;
            readLatency.record(latency);
            if (intendedNanos >= 0) {
                correctedReadLatency.record(now - intendedNanos);
            }
        }
        series.record(now - measureStartNanos, write, length);
        intervalLatency.record(now - measureStartNanos, write ? IntervalLatencies.WRITE : IntervalLatencies.READ,
                latency);
        if (logs != null) {
            logs.completed(now - measureStartNanos, write ? 1 : 0, length, offset, latency,
                    logSlat && split ? submitNanos - issueNanos : -1, split ? now - submitNanos : latency, ioprio);
        }
        publishLive(bytesRead + bytesWritten + bytesTrimmed, reads + writes + trims);
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

    void publishLive(long bytes, long requests) {
        liveBytes = bytes;
        liveRequests = requests;
    }

    /** Measured bytes so far, for progress display; lags by at most one request. */
    public long liveBytes() {
        return liveBytes;
    }

    /** Measured reads and writes so far, for progress display; lags by at most one request. */
    public long liveRequests() {
        return liveRequests;
    }
}
