package org.iobench.cluster;

import java.time.Instant;

/**
 * Wall-clock nanoseconds that never jump: the wall clock read once, advanced by {@link System#nanoTime()}. The
 * controller estimates each agent's offset against its own session clock, so the clocks need not agree (no NTP
 * needed); only their rates must, which they do to parts per million over a run.
 */
final class SessionClock {
    static final SessionClock SYSTEM = new SessionClock();

    private final long baseEpochNanos;
    private final long baseNano;

    private SessionClock() {
        Instant now = Instant.now();
        baseNano = System.nanoTime();
        baseEpochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    long nowNanos() {
        return baseEpochNanos + (System.nanoTime() - baseNano);
    }
}
