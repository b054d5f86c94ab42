package org.iobench.workload.offsets;

import java.util.SplittableRandom;

/** Uniform random blocks with replacement: a block may come twice in one pass (fio's {@code norandommap}). */
final class UniformBlocks implements BlockPicker {
    private final long blocks;
    private final SplittableRandom random;

    UniformBlocks(long blocks, SplittableRandom random) {
        this.blocks = blocks;
        this.random = random;
    }

    @Override
    public long next() {
        return random.nextLong(blocks);
    }
}
