package org.iobench.engine;

/**
 * The answer of {@link IoEngine#awaitPeer}: whether the other end was reached and, if so, where the job's time
 * limit counts from. The measured window starts after the wait either way (fio sets {@code td->start} there).
 */
public enum PeerReached {
    /** The run was stopped, or failed, while waiting. */
    STOPPED,
    /**
     * Reached; the job's time kept running during the wait, which counts against its runtime (fio's {@code epoch}
     * stays where the job started: a datagram receiver waiting for the sender's first message).
     */
    REACHED,
    /** Reached; the job's time starts now (fio's {@code reset_all_stats} after a listener's accept). */
    TIME_STARTS_NOW
}
