package org.iobench.workload.offsets;

import java.util.SplittableRandom;

/**
 * fio's skewed distributions ({@code lib/zipf.c}, {@code lib/gauss.c}), same formulas: a rank drawn from the
 * distribution, spread over the region by fio's multiplicative hash (so hot blocks are not all at the start), then
 * shifted by the center ({@code zipf:1.2:0.25}) or, without one, by a random offset.
 */
final class SkewedBlocks implements BlockPicker {
    /** fio's {@code GOLDEN_RATIO_64}, the multiplier of its {@code __hash_u64}. */
    private static final long GOLDEN_RATIO_64 = 0x61C8864680B583EBL;
    /** fio caps the zeta sum at this many terms. */
    private static final long ZIPF_MAX_GEN = 10_000_000L;
    private static final int GAUSS_ITERS = 12;

    enum Kind { ZIPF, PARETO, NORMAL }

    private final Kind kind;
    private final long blocks;
    private final SplittableRandom random;
    private final long offset;
    private double theta;
    private double zetan;
    private double zeta2;
    private double paretoPow;
    private long stddev;

    /**
     * @param value  zipf's theta, pareto's power, normal's deviation in percent (0..100)
     * @param center 0..1, or -1 for fio's default (a random offset; 0.5 for normal)
     */
    SkewedBlocks(Kind kind, long blocks, double value, double center, SplittableRandom random) {
        this.kind = kind;
        this.blocks = blocks;
        this.random = random;
        switch (kind) {
            case ZIPF -> {
                theta = value;
                zeta2 = Math.pow(1.0, theta) + Math.pow(0.5, theta);
                long terms = Math.min(blocks, ZIPF_MAX_GEN);
                for (long i = 0; i < terms; i++) {
                    zetan += Math.pow(1.0 / (i + 1), theta);
                }
                offset = center < 0 ? random.nextLong(blocks) : (long) (blocks * center);
            }
            case PARETO -> {
                paretoPow = Math.log(value) / Math.log(1.0 - value);
                offset = center < 0 ? random.nextLong(blocks) : (long) (blocks * center);
            }
            default -> {
                if (value != 0) {
                    stddev = Math.min((long) Math.ceil(blocks * value / 100.0), blocks / 2);
                }
                offset = center < 0 ? 0 : (long) (blocks * (center - 0.5));
            }
        }
    }

    @Override
    public long next() {
        long v = switch (kind) {
            case ZIPF -> zipf();
            case PARETO -> (long) ((blocks - 1) * Math.pow(random.nextDouble(), paretoPow));
            case NORMAL -> gauss();
        };
        long hashed = v * GOLDEN_RATIO_64;
        return Long.remainderUnsigned(hashed + offset, blocks);
    }

    private long zipf() {
        return FioZipf.rank(random.nextDouble(), blocks, theta, zetan, zeta2) - 1;
    }

    private long gauss() {
        long sum = 0;
        for (int i = 0; i < GAUSS_ITERS; i++) {
            sum += random.nextLong(blocks + 1);
        }
        sum = (sum + GAUSS_ITERS - 1) / GAUSS_ITERS;
        if (stddev != 0) {
            long dev = (long) (stddev * random.nextDouble()) - stddev / 2;
            while (dev + sum >= blocks) {
                dev /= 2;
            }
            sum += dev;
        }
        return sum;
    }
}
