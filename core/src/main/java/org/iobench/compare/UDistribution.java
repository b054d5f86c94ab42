package org.iobench.compare;

/** Exact null distribution of the Mann-Whitney U statistic for samples without ties. */
final class UDistribution {
    private UDistribution() {}

    /**
     * Returns {@code p} with {@code p[u]} = P(U = u), u = 0 .. m * n, when all
     * {@code C(m + n, m)} orderings of the two samples are equally likely.
     *
     * <p>Recurrence on the largest value: it belongs to the first sample with probability
     * {@code m / (m + n)} and then beats all {@code n} values of the second one. Working with
     * probabilities rather than counts keeps the numbers in range (C(98, 49) overflows a long).
     */
    static double[] probabilities(int m, int n) {
        // previous[j] is the distribution for (i - 1, j); current[j] for (i, j).
        double[][] previous = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            previous[j] = new double[] {1};
        }
        for (int i = 1; i <= m; i++) {
            double[][] current = new double[n + 1][];
            current[0] = new double[] {1};
            for (int j = 1; j <= n; j++) {
                double[] p = new double[i * j + 1];
                double first = (double) i / (i + j);
                double[] firstLargest = previous[j];
                for (int u = 0; u < firstLargest.length; u++) {
                    p[u + j] += first * firstLargest[u];
                }
                double[] secondLargest = current[j - 1];
                for (int u = 0; u < secondLargest.length; u++) {
                    p[u] += (1 - first) * secondLargest[u];
                }
                current[j] = p;
            }
            previous = current;
        }
        return previous[n];
    }
}
