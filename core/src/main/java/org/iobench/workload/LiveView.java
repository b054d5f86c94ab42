package org.iobench.workload;

import org.iobench.result.RunResult;

/** A running run's progress, for a live line on a terminal: read from another thread while workers go on. */
public interface LiveView {
    /**
     * What the run does now, as fio's run states tell it (the letters of its ETA line): its requests
     * ({@code TD_RUNNING}), reads that verify what it wrote ({@code TD_VERIFYING}), its final sync
     * ({@code TD_FSYNCING}), or, its requests all done, the rest of its end: logs written, files closed
     * ({@code TD_FINISHING}).
     */
    enum Phase { RUNNING, VERIFYING, SYNCING, FINISHING }

    /** The run's {@link Phase} now. */
    default Phase phase() {
        return Phase.RUNNING;
    }

    /** Nanoseconds since the measured phase started (negative during warm-up). */
    long elapsedNanos();

    /** Measured bytes so far, all workers and directions: {@link #bytesRead()} + written + trimmed. */
    default long bytes() {
        return bytesRead() + bytesWritten() + bytesTrimmed();
    }

    /** Measured bytes read so far, all workers. */
    long bytesRead();

    /** Measured bytes written so far, all workers. */
    long bytesWritten();

    /** Measured bytes trimmed so far, all workers. */
    long bytesTrimmed();

    /** Measured reads, writes and trims so far, all workers; -1 when not counted. */
    default long requests() {
        return -1;
    }

    /** Measured reads, writes and trims so far, each direction apart (fio's ETA line's IOPS); zeros when not counted. */
    default long[] requestsByDirection() {
        return new long[3];
    }

    /**
     * The run's figures so far as a result (fio's {@code --status-interval} report of a running job), from the
     * workers' own counters, copied by each worker between two of its requests; null when this run cannot give them.
     * Waits for every worker's copy (a worker that ended gives its final counters).
     */
    default RunResult snapshot() {
        return null;
    }

    /** The bytes the measured phase transfers before it ends by size; -1 when it ends by time only. */
    default long plannedBytes() {
        return -1;
    }
}
