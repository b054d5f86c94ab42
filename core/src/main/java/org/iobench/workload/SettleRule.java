package org.iobench.workload;

import java.util.HashMap;
import java.util.Map;

/**
 * Whether the warm-up's loop has stopped getting faster, judged on its own progress per CPU-second of the thread
 * that runs it: requests over the CPU time that thread got in the slice, not over the slice's wall time. On a
 * machine with more runnable threads than cores the thread gets a share of a core that changes from slice to slice
 * (at a load of 20 on 2 cores, about a tenth): its rate per wall-second then says how much CPU it got, not how fast
 * its code is; per CPU-second it moves only with the code (interpreted, then C1's, then C2's) and the machine's
 * caches.
 *
 * <p>A slice is judged when its thread ran at least {@link #MIN_CPU_NANOS} on a CPU (fewer requests are noise).
 * Slices are compared only with slices of the same kind (the same region walked: a small region is faster per
 * request than a large one). A judged slice <em>rises</em> when its rate is more than {@link #TOLERANCE} above the
 * best of its kind before it (the first of a kind rises). The loop is flat once {@link #MIN_JUDGED} slices were
 * judged and none of the last {@link #STILL} rose.
 *
 * <pre>{@code
 * SettleRule rule = new SettleRule();
 * for (each slice) {
 *     rule.add(requests, cpuNanos, wallNanos, regionBytes);
 *     if (rule.flat()) { ... settled, as far as the loop's speed tells ... }
 * }
 * }</pre>
 */
final class SettleRule {
    /** How much faster than the best before it a slice must be to count as still rising. */
    static final double TOLERANCE = 0.10;
    /** The fewest judged slices: the first ones run the interpreter and C1's code. */
    static final int MIN_JUDGED = 4;
    /** The judged slices in a row that must not rise. */
    static final int STILL = 2;
    /** The least CPU time a slice's thread must have had for the slice to be judged. */
    static final long MIN_CPU_NANOS = 10_000_000L;

    private final Map<Long, Double> best = new HashMap<>();
    private int judged;
    private int still;

    /**
     * Adds one slice and returns its rate per CPU-second (per wall-second where the CPU time is unknown, -1), or NaN
     * when it is not judged (its thread got too little CPU).
     *
     * @param requests  requests the slice made
     * @param cpuNanos  CPU time its thread had in it, ns; -1 when unknown
     * @param wallNanos its length, ns
     * @param kind      what it walked (its region's bytes): slices are compared within a kind
     */
    double add(long requests, long cpuNanos, long wallNanos, long kind) {
        long per = cpuNanos >= 0 ? cpuNanos : wallNanos;
        if (per < MIN_CPU_NANOS || requests <= 0) {
            return Double.NaN;
        }
        double rate = requests * 1e9 / per;
        Double before = best.get(kind);
        boolean rose = before == null || rate > before * (1 + TOLERANCE);
        best.put(kind, before == null ? rate : Math.max(before, rate));
        judged++;
        still = rose ? 0 : still + 1;
        return rate;
    }

    /** The loop's speed per CPU-second has stopped rising. */
    boolean flat() {
        return judged >= MIN_JUDGED && still >= STILL;
    }

    /** Slices judged so far. */
    int judged() {
        return judged;
    }
}
