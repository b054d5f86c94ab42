package org.iobench.history;

import java.util.Arrays;

/**
 * The divergence statistic of E-Divisive (Matteson &amp; James 2014, with exponent 1) at every allowed split of one
 * segment, for the segment's exchangeable units in a given order: the sweep behind {@link EDivisive}'s search and
 * its permutation test.
 *
 * <p>A segment is a sequence of <em>slots</em>, each holding one unit (a run's repetitions, or one repetition); a
 * split after slot {@code j} puts the samples of slots {@code 0..j} in X and the rest in Y. For X of n samples
 * and Y of m samples:
 * <pre>
 * E = 2/(n m) Σ|x - y|  -  Σ|x - x'| / C(n,2)  -  Σ|y - y'| / C(m,2)       (a within-term is 0 for one sample)
 * Q = n m / (n + m) · E
 * </pre>
 * The sweep moves samples from Y to X one at a time and keeps the three distance sums current with a
 * {@link RankTree} over the samples' ranks, so one pass over S samples costs {@code O(S log S)} instead of the
 * {@code O(S²)} of a distance matrix; only the order of the units changes between passes, so ranks and each
 * sample's total distance to the segment are computed once.
 */
final class EnergySweep {
    /** The best split of one pass: after slot {@code slot} (-1 when no split is allowed), statistic {@code q}. */
    record Split(int slot, double q) {
        static final Split NONE = new Split(-1, Double.NEGATIVE_INFINITY);
    }

    private final double[][] units;
    private final int[][] ranks;
    private final double[][] distanceToAll;
    private final boolean[] cutAfter;
    private final double withinAll;
    private final int total;
    private final RankTree tree;

    /**
     * @param units    the samples of each unit, in their original order (slot i holds unit i)
     * @param cutAfter {@code cutAfter[j]}: a split after slot {@code j} is allowed (the last entry is ignored)
     */
    EnergySweep(double[][] units, boolean[] cutAfter) {
        this.units = units;
        this.cutAfter = cutAfter;
        int s = 0;
        for (double[] u : units) {
            s += u.length;
        }
        total = s;
        double[] values = new double[s];
        int[] unitOf = new int[s];
        int[] indexIn = new int[s];
        int k = 0;
        for (int u = 0; u < units.length; u++) {
            for (int i = 0; i < units[u].length; i++) {
                values[k] = units[u][i];
                unitOf[k] = u;
                indexIn[k++] = i;
            }
        }
        Integer[] byValue = new Integer[s];
        for (int i = 0; i < s; i++) {
            byValue[i] = i;
        }
        Arrays.sort(byValue, (a, b) -> Double.compare(values[a], values[b]));
        ranks = new int[units.length][];
        distanceToAll = new double[units.length][];
        for (int u = 0; u < units.length; u++) {
            ranks[u] = new int[units[u].length];
            distanceToAll[u] = new double[units[u].length];
        }
        double sumAll = 0;
        for (double v : values) {
            sumAll += v;
        }
        double below = 0; // sum of the values ranked below position r
        double within = 0;
        for (int r = 0; r < s; r++) {
            int id = byValue[r];
            double x = values[id];
            double lower = x * r - below;
            double upper = (sumAll - below - x) - x * (s - 1 - r);
            ranks[unitOf[id]][indexIn[id]] = r;
            distanceToAll[unitOf[id]][indexIn[id]] = lower + upper;
            within += lower;
            below += x;
        }
        withinAll = within;
        tree = new RankTree(s);
    }

    int slots() {
        return units.length;
    }

    /** The largest Q over the allowed splits with unit {@code order[j]} in slot {@code j}; ties keep the first. */
    Split best(int[] order) {
        tree.clear();
        double withinX = 0;
        double withinY = withinAll;
        double between = 0;
        double sumX = 0;
        int n = 0;
        Split best = Split.NONE;
        for (int slot = 0; slot < order.length - 1; slot++) {
            int u = order[slot];
            double[] xs = units[u];
            for (int i = 0; i < xs.length; i++) {
                double x = xs[i];
                int r = ranks[u][i];
                tree.queryBelow(r);
                int lowerCount = tree.count();
                double lowerSum = tree.sum();
                double toX = x * lowerCount - lowerSum + (sumX - lowerSum) - x * (n - lowerCount);
                double toY = distanceToAll[u][i] - toX;
                withinX += toX;
                withinY -= toY;
                between += toY - toX;
                tree.add(r, x);
                sumX += x;
                n++;
            }
            if (cutAfter[slot]) {
                double q = q(n, total - n, withinX, withinY, between);
                if (q > best.q()) {
                    best = new Split(slot, q);
                }
            }
        }
        return best;
    }

    private static double q(int n, int m, double withinX, double withinY, double between) {
        double e = 2 * between / ((double) n * m)
                - (n > 1 ? 2 * withinX / ((double) n * (n - 1)) : 0)
                - (m > 1 ? 2 * withinY / ((double) m * (m - 1)) : 0);
        return (double) n * m / (n + m) * e;
    }
}
