package org.iobench.workload;

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
    /** fio's slat: issue to hand-over to the kernel; and clat: hand-over to completion (reads and writes). */
    final LatencyRecorder submitLatency = new LatencyRecorder();
    final LatencyRecorder completionLatency = new LatencyRecorder();
    /** Under a rate limit: completion minus the request's intended start on the schedule (coordinated omission). */
    final LatencyRecorder correctedReadLatency = new LatencyRecorder();
    final LatencyRecorder correctedWriteLatency = new LatencyRecorder();
    final IntervalSeries series;
    long bytesRead;
    long bytesWritten;
    long reads;
    long writes;
    long syncs;
    long syncNanos;
    /** Every byte the kernel reported transferred, warm-up included: compared with /proc/self/io. */
    long issuedBytesRead;
    long issuedBytesWritten;
    long endNanos;
    private volatile long liveBytes;
    private volatile long liveRequests;

    WorkerStats(long intervalNanos) {
        series = new IntervalSeries(intervalNanos);
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
