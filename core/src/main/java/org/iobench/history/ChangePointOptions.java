package org.iobench.history;

import java.util.Objects;

/**
 * Parameters of {@link EDivisive}.
 *
 * @param alpha        significance level of the permutation test, in (0, 1): a split is kept when its p-value is
 *                     at most alpha
 * @param minChange    smallest relative shift of the mean kept as a change point, a fraction (0.05 is 5 %), 0 or
 *                     more; 0 keeps every significant one
 * @param permutations random orderings per permutation test, 1 to 100,000; the smallest possible p-value is
 *                     {@code 1 / (permutations + 1)}
 * @param seed         seed of the orderings: the same points and options always give the same change points
 * @param exchangeable what the permutation test shuffles
 */
public record ChangePointOptions(double alpha, double minChange, int permutations, long seed,
                                 Exchangeable exchangeable) {
    /** 0.01: with one test per workload and step, 5 % would flag one in twenty unchanged workloads. */
    public static final double DEFAULT_ALPHA = 0.01;
    /** 199, as Matteson and James's reference implementation; enough to resolve p = 0.005. */
    public static final int DEFAULT_PERMUTATIONS = 199;
    public static final long DEFAULT_SEED = 1;

    public static final ChangePointOptions DEFAULTS = new ChangePointOptions(DEFAULT_ALPHA, 0, DEFAULT_PERMUTATIONS,
            DEFAULT_SEED, Exchangeable.RUNS);

    public ChangePointOptions {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha: must be between 0 and 1 (exclusive): " + alpha);
        }
        if (!(minChange >= 0 && Double.isFinite(minChange))) {
            throw new IllegalArgumentException("--min-magnitude: must be 0 % or more: " + minChange * 100 + "%");
        }
        if (permutations < 1 || permutations > 100_000) {
            throw new IllegalArgumentException("--permutations: must be 1..100000: " + permutations);
        }
        Objects.requireNonNull(exchangeable, "exchangeable");
    }

    public ChangePointOptions withSeed(long newSeed) {
        return new ChangePointOptions(alpha, minChange, permutations, newSeed, exchangeable);
    }
}
