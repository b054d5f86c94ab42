package org.iobench.workload;

/** A running run's progress, for a live line on a terminal: read from another thread while workers go on. */
public interface LiveView {
    /** Nanoseconds since the measured phase started (negative during warm-up). */
    long elapsedNanos();

    /** Measured bytes so far, all workers. */
    long bytes();
}
