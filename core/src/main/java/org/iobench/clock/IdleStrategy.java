package org.iobench.clock;

import java.util.concurrent.locks.LockSupport;

/**
 * What a loop that waits for a time does meanwhile (Agrona's {@code IdleStrategy} habit, for waits with a deadline):
 * every park, spin and sleep loop of iobench waits through one, by {@link NanoClock#idle}.
 */
@FunctionalInterface
public interface IdleStrategy {
    /**
     * Below this much time left a wait spins: parking oversleeps by the timer slack and the scheduler's wake-up
     * latency (tens of microseconds), which would make a paced request late.
     */
    long SPIN_BELOW_NANOS = 20_000;

    /**
     * Spins the last {@link #SPIN_BELOW_NANOS} before the deadline, parks before that (never longer than the time
     * left nor than the slice the caller allows, so it sees its other conditions in time).
     */
    IdleStrategy BACKOFF = (clock, deadlineNanos, maxNanos) -> {
        long left = deadlineNanos - clock.nanoTime();
        if (left <= 0) {
            return;
        }
        if (left < SPIN_BELOW_NANOS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(Math.min(left, maxNanos));
        }
    };

    /** Waits toward {@code deadlineNanos} on {@code clock}, at most {@code maxNanos}; may return early. */
    void idle(NanoClock clock, long deadlineNanos, long maxNanos);
}
