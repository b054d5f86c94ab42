package org.iobench.workload.offsets;

import java.util.SplittableRandom;
import org.iobench.job.RandomOffsets;

/**
 * A uniformly random block index: iobench's own {@code SplittableRandom}, or fio's Tausworthe generators as fio's
 * {@code __get_next_rand_offset} uses them ({@code lastb * (r / (rand_max + 1.0))}, truncated).
 */
interface BlockDraw {
    /** A block in {@code [0, blocks)}. */
    long next(long blocks);

    static BlockDraw own(SplittableRandom random) {
        return random::nextLong;
    }

    /** fio's generator started from {@code offsets.start()}; iobench's own ({@code random}) for {@code OWN}. */
    static BlockDraw of(RandomOffsets offsets, SplittableRandom random) {
        return switch (offsets.kind()) {
            case OWN -> own(random);
            case TAUSWORTHE -> taus(FioTausworthe.of32(offsets.start()));
            case TAUSWORTHE64 -> taus(FioTausworthe.of64(offsets.start()));
            case LFSR -> throw new IllegalArgumentException("the LFSR picks blocks itself (LfsrBlocks)");
        };
    }

    private static BlockDraw taus(FioTausworthe t) {
        return blocks -> {
            long b = (long) (blocks * (t.nextDouble() / t.maxPlusOne()));
            return Math.min(b, blocks - 1); // a 64-bit value within 2^10 of 2^64 rounds to 1.0 as a double
        };
    }
}
