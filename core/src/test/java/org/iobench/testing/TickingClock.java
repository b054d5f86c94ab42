package org.iobench.testing;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.iobench.clock.NanoClock;

/**
 * A test clock driven by the run itself, never by the machine's speed: each reading moves it on by one step, and a
 * thread with nothing to do until a time ({@link #idle}) moves it there at once. A run on it goes by its own time,
 * whatever the machine's load: a 2 s paced run is as many requests as the rate allows in 2 s of this clock, done as
 * fast as the CPU goes, so tests assert what the run did in its time (ended at its deadline, kept its rate, filled its
 * intervals) and never a wall-clock window.
 *
 * <p>Shared by every thread of a run; time only moves forward. A thread that waits for a time while others work
 * ({@link #awaitOthers}: the run's watcher at an interval boundary) becomes a watcher, whose readings only look, and
 * holds time at that deadline until it has seen it:
 * the working threads' readings stop there (they wait, in the machine's time) so that what the watcher reads at the
 * boundary is what was done before it. That hold is bounded, so a watcher that went away cannot stop a run. A thread
 * doing I/O without reading the clock lets no time pass, so latencies come out as a few steps.
 */
public final class TickingClock implements NanoClock {
    /** How long, in the machine's time, a reading waits at a watcher's deadline before going past it anyway. */
    private static final long HOLD_LIMIT_NANOS = 50_000_000L;
    /** How long, in the machine's time, a watcher waits for the workers to reach its deadline before returning. */
    private static final long WATCH_LIMIT_NANOS = 2_000_000L;

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final AtomicLong readings = new AtomicLong();
    private final long stepNanos;
    /** Whether each reading's step grows with the readings before it (a device that keeps slowing down). */
    private final boolean slowing;
    /**
     * For a run with a watcher: time does not pass {@link #WATCHED_HEAD_START_NANOS} past the first reading until a
     * watcher came (or {@link #WATCHER_LIMIT_NANOS} of the machine's time went by), so workers that start before
     * their watcher cannot run through the whole run before it looks once. {@code Long.MAX_VALUE} when unwatched.
     */
    private volatile long watcherDueBy;
    private static final long WATCHED_HEAD_START_NANOS = 50_000_000L;
    private static final long WATCHER_LIMIT_NANOS = 2_000_000_000L;
    private volatile long watcherWaitSince;
    private final Map<Thread, Long> holds = new ConcurrentHashMap<>();
    /** Threads that have waited for others: their readings only look. */
    private final Set<Thread> watchers = ConcurrentHashMap.newKeySet();
    private volatile long hold = Long.MAX_VALUE;

    /** A clock moving {@code stepNanos} per reading. */
    public TickingClock(long stepNanos) {
        this(stepNanos, false);
    }

    private TickingClock(long stepNanos, boolean slowing) {
        if (stepNanos < 2) {
            throw new IllegalArgumentException("stepNanos must be >= 2: " + stepNanos);
        }
        this.stepNanos = stepNanos;
        this.slowing = slowing;
        this.watcherDueBy = Long.MAX_VALUE;
    }

    /**
     * A clock whose n-th reading moves it by {@code stepNanos * (1 + n / 4096)}: a run on it goes slower and slower,
     * each interval holding fewer requests than the one before, however its threads are scheduled, so it can never
     * look steady.
     */
    public static TickingClock slowing(long stepNanos) {
        return new TickingClock(stepNanos, true);
    }

    /**
     * This clock for a run whose watcher ({@link #awaitOthers}) may start after its workers: they wait for it at
     * 50 ms of this clock past its first reading (for at most 2 s of the machine's time).
     */
    public TickingClock watched() {
        watcherDueBy = now.get() + WATCHED_HEAD_START_NANOS;
        return this;
    }

    /** 10 µs a reading. */
    public static TickingClock standard() {
        return new TickingClock(10_000);
    }

    @Override
    public long nanoTime() {
        if (watchers.contains(Thread.currentThread())) {
            return now.get();
        }
        long step = stepNanos;
        if (slowing) {
            step += stepNanos * readings.incrementAndGet() / 4096;
        }
        return advanceTo(Long.MAX_VALUE, step);
    }

    /** Nothing to do until the deadline: time moves there (by at most {@code maxNanos}), up to a watcher's hold. */
    @Override
    public void idle(long deadlineNanos, long maxNanos) {
        advanceTo(deadlineNanos, maxNanos);
    }

    /** Others fill the time: hold it at {@code deadlineNanos} until they reach it and this thread has seen it. */
    @Override
    public void awaitOthers(long deadlineNanos, long maxNanos) {
        Thread me = Thread.currentThread();
        watchers.add(me);
        watcherDueBy = Long.MAX_VALUE;
        holds.put(me, deadlineNanos);
        hold = holds.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        try {
            long giveUp = System.nanoTime() + WATCH_LIMIT_NANOS;
            while (now.get() < deadlineNanos && System.nanoTime() < giveUp) {
                LockSupport.parkNanos(20_000);
            }
        } finally {
            holds.remove(me);
            hold = holds.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        }
    }

    /** Moves time by up to {@code by}, not past {@code limit} nor a hold; returns the time after the move. */
    private long advanceTo(long limit, long by) {
        long waitedSince = 0;
        while (true) {
            long cur = now.get();
            long h = hold;
            long due = watcherDueBy;
            if (due != Long.MAX_VALUE && h == Long.MAX_VALUE) { // no watcher yet: time stops at its head start
                if (cur >= due) {
                    long since = watcherWaitSince;
                    if (since == 0) {
                        watcherWaitSince = since = System.nanoTime();
                    }
                    if (System.nanoTime() - since < WATCHER_LIMIT_NANOS) {
                        LockSupport.parkNanos(20_000);
                        continue;
                    }
                    watcherDueBy = Long.MAX_VALUE; // the watcher never came: go on without it
                } else {
                    h = due; // reach the head start exactly, no further
                }
            }
            long target = Math.min(limit, cur + by);
            if (target > h && h != Long.MAX_VALUE) {
                if (cur < h) {
                    target = h; // reach the hold exactly, so the watcher sees its deadline
                } else if (waitedSince == 0 || System.nanoTime() - waitedSince < HOLD_LIMIT_NANOS) {
                    if (waitedSince == 0) {
                        waitedSince = System.nanoTime();
                    }
                    Thread.onSpinWait();
                    continue; // held: wait until the watcher has seen it
                }
            }
            if (target <= cur) {
                return cur;
            }
            if (now.compareAndSet(cur, target)) {
                return target;
            }
        }
    }
}
