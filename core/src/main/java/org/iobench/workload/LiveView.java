package org.iobench.workload;

/** A running run's progress, for a live line on a terminal: read from another thread while workers go on. */
public interface LiveView {
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

    /** The bytes the measured phase transfers before it ends by size; -1 when it ends by time only. */
    default long plannedBytes() {
        return -1;
    }
}
