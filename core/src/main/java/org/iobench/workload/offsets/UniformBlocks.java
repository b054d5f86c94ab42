package org.iobench.workload.offsets;


/** Uniform random blocks with replacement: a block may come twice in one pass (fio's {@code norandommap}). */
final class UniformBlocks implements BlockPicker {
    private final long blocks;
    private final BlockDraw random;

    UniformBlocks(long blocks, BlockDraw random) {
        this.blocks = blocks;
        this.random = random;
    }

    @Override
    public long next() {
        return random.next(blocks);
    }
}
