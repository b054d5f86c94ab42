package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class EnergySweepTest {
    /** Q of Matteson and James, straight from the definition with every pair of samples. */
    private static double bruteForceQ(double[] x, double[] y) {
        int n = x.length;
        int m = y.length;
        double between = 0;
        for (double a : x) {
            for (double b : y) {
                between += Math.abs(a - b);
            }
        }
        double wx = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                wx += Math.abs(x[i] - x[j]);
            }
        }
        double wy = 0;
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                wy += Math.abs(y[i] - y[j]);
            }
        }
        double e = 2 * between / (n * m) - (n > 1 ? wx / (n * (n - 1) / 2.0) : 0)
                - (m > 1 ? wy / (m * (m - 1) / 2.0) : 0);
        return (double) n * m / (n + m) * e;
    }

    private static double[] concat(double[][] units, int[] order, int fromSlot, int toSlot) {
        int size = 0;
        for (int s = fromSlot; s < toSlot; s++) {
            size += units[order[s]].length;
        }
        double[] out = new double[size];
        int k = 0;
        for (int s = fromSlot; s < toSlot; s++) {
            for (double v : units[order[s]]) {
                out[k++] = v;
            }
        }
        return out;
    }

    @Test
    void theSweepGivesTheStatisticOfTheDefinitionAtTheBestSplitForAnyOrderOfUnevenUnitsWithTies() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            int slots = 2 + random.nextInt(12);
            double[][] units = new double[slots][];
            boolean[] cutAfter = new boolean[slots];
            for (int u = 0; u < slots; u++) {
                units[u] = new double[1 + random.nextInt(4)];
                for (int i = 0; i < units[u].length; i++) {
                    // a coarse grid makes ties common
                    units[u][i] = random.nextInt(3) == 0 ? Math.round(random.nextGaussian() * 2) : random.nextGaussian();
                }
                cutAfter[u] = u < slots - 1 && random.nextInt(4) != 0;
            }
            int[] order = new int[slots];
            for (int i = 0; i < slots; i++) {
                order[i] = i;
            }
            for (int i = slots - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            EnergySweep sweep = new EnergySweep(units, cutAfter);
            EnergySweep.Split split = sweep.best(order.clone());

            int bestSlot = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int s = 0; s < slots - 1; s++) {
                if (cutAfter[s]) {
                    double q = bruteForceQ(concat(units, order, 0, s + 1), concat(units, order, s + 1, slots));
                    if (q > bestQ + 1e-9) {
                        bestQ = q;
                        bestSlot = s;
                    }
                }
            }
            assertThat(split.slot()).as("trial %d", trial).isEqualTo(bestSlot);
            if (bestSlot >= 0) {
                assertThat(split.q()).isCloseTo(bestQ, within(1e-9 * Math.max(1, Math.abs(bestQ))));
            }
        }
    }
}
