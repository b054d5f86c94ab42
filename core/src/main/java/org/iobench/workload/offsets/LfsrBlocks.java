package org.iobench.workload.offsets;

/**
 * fio 3.33's {@code random_generator=lfsr} ({@code lib/lfsr.c}, spin 0 as {@code init_random_map} starts it): the
 * smallest maximal-length XNOR shift register with more states than the region has blocks, stepped from fio's start
 * value; a state past the last block is skipped, so each block comes exactly once per pass, in the register's order,
 * with no map (fio keeps no random map for it). A new pass starts the register again from the same value, as fio's
 * {@code fio_file_reset} does.
 *
 * <p>Not thread-safe: one per worker.
 */
final class LfsrBlocks implements BlockPicker {
    /** fio's tap table: the taps of the n-bit register for n = 3..63 (fio's {@code lfsr_taps}). */
    private static final int[][] TAPS = {
        {}, {}, {}, {3, 2}, {4, 3}, {5, 3}, {6, 5}, {7, 6}, {8, 6, 5, 4}, {9, 5}, {10, 7}, {11, 9}, {12, 6, 4, 1},
        {13, 4, 3, 1}, {14, 5, 3, 1}, {15, 14}, {16, 15, 13, 4}, {17, 14}, {18, 11}, {19, 6, 2, 1}, {20, 17},
        {21, 19}, {22, 21}, {23, 18}, {24, 23, 22, 17}, {25, 22}, {26, 6, 2, 1}, {27, 5, 2, 1}, {28, 25}, {29, 27},
        {30, 6, 4, 1}, {31, 28}, {32, 31, 29, 1}, {33, 20}, {34, 27, 2, 1}, {35, 33}, {36, 25}, {37, 5, 4, 3, 2, 1},
        {38, 6, 5, 1}, {39, 35}, {40, 38, 21, 19}, {41, 38}, {42, 41, 20, 19}, {43, 42, 38, 37}, {44, 43, 18, 17},
        {45, 44, 42, 41}, {46, 45, 26, 25}, {47, 42}, {48, 47, 21, 20}, {49, 40}, {50, 49, 24, 23},
        {51, 50, 36, 35}, {52, 49}, {53, 52, 38, 37}, {54, 53, 18, 17}, {55, 31}, {56, 55, 35, 34}, {57, 50},
        {58, 39}, {59, 58, 38, 37}, {60, 59}, {61, 60, 46, 45}, {62, 61, 6, 5}, {63, 62}};

    private final long maxValue;
    private final long xorMask;
    private final long cachedBit;
    private final long start;
    private long last;
    private long count;
    /**
     * fio's {@code prepare_spin} leaves a cycle length of 1 for spin 0, so its first {@code lfsr_next} steps the
     * register twice; {@code lfsr_reset} (a new pass) does not restore it.
     */
    private boolean firstStep = true;

    /**
     * @param blocks the region's blocks, at least 1
     * @param start  fio's {@code rand_seeds[FIO_RAND_BLOCK_OFF]}
     */
    LfsrBlocks(long blocks, long start) {
        int bits = 3;
        while (bits < 64 && (1L << bits) <= blocks) { // fio's find_lfsr: the all-ones state is never reached
            bits++;
        }
        if (bits == 64) {
            throw new IllegalArgumentException(blocks + " blocks is more than fio's LFSR covers");
        }
        int[] taps = TAPS[bits];
        long mask = 0;
        for (int t : taps) {
            mask |= 1L << (t - 1);
        }
        this.maxValue = blocks - 1;
        this.xorMask = mask;
        this.cachedBit = 1L << (taps[0] - 1);
        this.start = start & ((cachedBit << 1) - 1);
        if (this.start == (cachedBit << 1) - 1) {
            // fio's lfsr_reset refuses the all-ones state: "fio: failed initializing LFSR", the job does not run
            throw new IllegalArgumentException("fio's LFSR cannot start from its all-ones state for " + blocks
                    + " blocks (fio refuses the job too)");
        }
        newPass();
    }

    @Override
    public long next() {
        if (count++ > maxValue) {
            return PASS_DONE;
        }
        do {
            step();
            if (firstStep) {
                firstStep = false;
                step();
            }
        } while (Long.compareUnsigned(last, maxValue) > 0);
        return last;
    }

    private void step() {
        last = ((last >>> 1) | cachedBit) ^ (((last & 1L) - 1L) & xorMask);
    }

    @Override
    public void newPass() {
        last = start;
        count = 0;
    }
}
