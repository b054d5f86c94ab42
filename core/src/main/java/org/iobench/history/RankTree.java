package org.iobench.history;

import java.util.Arrays;

/**
 * A Fenwick (binary indexed) tree over the ranks {@code 0..size-1} of a fixed set of values, holding how many of
 * them have been added and their sum, so that the count and sum of the added values ranked below a given rank
 * come out in {@code O(log size)}. Not thread-safe; one per sweep.
 *
 * <pre>
 * RankTree t = new RankTree(n);
 * t.add(rank, value);
 * t.queryBelow(rank); long c = t.count(); double s = t.sum();
 * </pre>
 */
final class RankTree {
    private final int[] counts;
    private final double[] sums;
    private int lastCount;
    private double lastSum;

    RankTree(int size) {
        counts = new int[size + 1];
        sums = new double[size + 1];
    }

    void clear() {
        Arrays.fill(counts, 0);
        Arrays.fill(sums, 0);
    }

    void add(int rank, double value) {
        for (int i = rank + 1; i < counts.length; i += i & -i) {
            counts[i]++;
            sums[i] += value;
        }
    }

    /** Counts and sums the added values of rank {@code < rank}; read them with {@link #count()} and {@link #sum()}. */
    void queryBelow(int rank) {
        int c = 0;
        double s = 0;
        for (int i = rank; i > 0; i -= i & -i) {
            c += counts[i];
            s += sums[i];
        }
        lastCount = c;
        lastSum = s;
    }

    int count() {
        return lastCount;
    }

    double sum() {
        return lastSum;
    }
}
