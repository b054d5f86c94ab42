package org.iobench.engine;

/** The answer of {@link IoEngine#submit}, as fio's {@code FIO_Q_*}. */
public enum SubmitStatus {
    /** Done already (synchronous engines): the request's result is set. */
    COMPLETED,
    /** Accepted; it completes later and comes back from {@link IoEngine#reap}. */
    QUEUED,
    /** The engine cannot take more now: reap some completions, then submit again. */
    BUSY
}
