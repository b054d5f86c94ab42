package org.iobench.clock;

/**
 * A monotonic clock in nanoseconds, injected so that tests drive time-based logic without sleeping (Agrona's
 * {@code NanoClock}). Every stamp of a run is read from the run's clock: the workers' issue and completion times,
 * the engines' submission times, the samplers' sample times, so that the figures of one run are on one time base.
 *
 * <p>Waiting for a time goes through the clock too ({@link #idle}, {@link #awaitOthers}), because a wait is "let this
 * clock pass": the system clock parks and spins with {@link IdleStrategy#BACKOFF}; a test clock moves in its own way.
 *
 * <pre>{@code
 * while (clock.nanoTime() < due && !stopped()) {
 *     clock.idle(due, MAX_PARK_NANOS);    // never past due; a loop re-checks its conditions after each call
 * }
 * }</pre>
 */
@FunctionalInterface
public interface NanoClock {
    NanoClock SYSTEM = System::nanoTime;

    long nanoTime();

    /**
     * This thread has nothing to do until {@code deadlineNanos} (on this clock): let time pass toward it, for at most
     * {@code maxNanos} (a paced worker waiting for its next due time, a start delay). It may return early (a spurious
     * wake-up, a slice used up), so callers loop on their condition. A test clock may move straight to the deadline.
     */
    default void idle(long deadlineNanos, long maxNanos) {
        IdleStrategy.BACKOFF.idle(this, deadlineNanos, maxNanos);
    }

    /**
     * This thread waits for {@code deadlineNanos} while others work (a run's watcher waiting for the next interval
     * boundary, a sampler for its next sample): the same waiting as {@link #idle}, but a test clock must not move
     * for it, since the time until then is the workers' to fill.
     */
    default void awaitOthers(long deadlineNanos, long maxNanos) {
        IdleStrategy.BACKOFF.idle(this, deadlineNanos, maxNanos);
    }
}
