package org.iobench.micro;

import java.util.function.LongSupplier;

/** Measures the smallest step a nanosecond clock takes (on Linux typically 15-50 ns: the cost of reading it). */
final class TimerGranularity {

    private static final int TRIES = 200;

    private TimerGranularity() {
    }

    /** @return smallest observed positive difference between two consecutive readings, in nanoseconds */
    static long measureNanos(LongSupplier clock) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < TRIES; i++) {
            long t0 = clock.getAsLong();
            long t1;
            do {
                t1 = clock.getAsLong();
            } while (t1 == t0);
            best = Math.min(best, t1 - t0);
        }
        return best;
    }
}
