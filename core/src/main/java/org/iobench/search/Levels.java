package org.iobench.search;

import java.util.ArrayList;
import java.util.List;

/** The parallelism levels a search steps through: doubling from the start, and the maximum itself last. */
final class Levels {
    private Levels() {}

    /** {@code doubling(1, 48)} = 1, 2, 4, 8, 16, 32, 48. */
    static List<Integer> doubling(int start, int max) {
        if (start < 1 || max < start) {
            throw new IllegalArgumentException("levels from " + start + " to " + max);
        }
        List<Integer> levels = new ArrayList<>();
        for (long l = start; l <= max; l *= 2) {
            levels.add((int) l);
        }
        if (levels.getLast() != max) {
            levels.add(max);
        }
        return levels;
    }
}
