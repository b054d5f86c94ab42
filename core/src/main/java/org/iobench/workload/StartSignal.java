package org.iobench.workload;

import java.util.concurrent.CountDownLatch;

/**
 * The moment a run's workers start: the runner fixes the run's {@link Timeline} and releases every worker with it.
 * A run that never starts (its set-up failed) {@link #cancel cancels} it, and the workers end without a request.
 */
final class StartSignal {
    /** The timeline of a run that never started: its deadline has passed before anything was issued. */
    static final Timeline CANCELLED = new Timeline(0, 0, Long.MIN_VALUE);

    private final CountDownLatch latch = new CountDownLatch(1);
    private volatile Timeline timeline;

    /** Releases the workers into {@code t}; called once, by the runner. */
    void release(Timeline t) {
        timeline = t;
        latch.countDown();
    }

    /** Releases the workers into no run, unless they were released already; the runner's thread only. */
    void cancel() {
        if (timeline == null) {
            release(CANCELLED);
        }
    }

    /** Waits for the release; the timeline it carries. */
    Timeline await() throws InterruptedException {
        latch.await();
        return timeline;
    }
}
