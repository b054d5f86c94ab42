package org.iobench.workload.offsets;

import java.util.Arrays;

/**
 * fio's default random map: a uniformly random block, or, when that one was already used in this pass, the next
 * unused block after it (wrapping), so every block is used exactly once per pass (fio's {@code axmap_next_free}).
 * One bit per block: 32 KiB for 1 GiB of 4 KiB blocks.
 */
final class RandomMapBlocks implements BlockPicker {
    private final long blocks;
    private final long[] used;
    private final BlockDraw random;
    private long count;

    RandomMapBlocks(long blocks, BlockDraw random) {
        if (blocks > (long) Integer.MAX_VALUE * 64) {
            throw new IllegalArgumentException(blocks + " blocks is more than a random map can hold");
        }
        this.blocks = blocks;
        this.used = new long[(int) ((blocks + 63) / 64)];
        this.random = random;
    }

    @Override
    public long next() {
        if (count == blocks) {
            return PASS_DONE;
        }
        long b = random.next(blocks);
        if (isUsed(b)) {
            b = nextFree(b);
        }
        used[(int) (b >>> 6)] |= 1L << (b & 63);
        count++;
        return b;
    }

    @Override
    public long extend(long first, long wanted) {
        long covered = 1;
        while (covered < wanted && markUsed(first + covered)) {
            covered++;
        }
        return covered;
    }

    /** Marks {@code block} used without choosing it (a request of several blocks covers its neighbours). */
    private boolean markUsed(long block) {
        if (block >= blocks || isUsed(block)) {
            return false;
        }
        used[(int) (block >>> 6)] |= 1L << (block & 63);
        count++;
        return true;
    }

    boolean isUsed(long block) {
        return (used[(int) (block >>> 6)] & (1L << (block & 63))) != 0;
    }

    private long nextFree(long from) {
        int words = used.length;
        int w = (int) (from >>> 6);
        long free = ~used[w] & (-1L << (from & 63));
        for (int seen = 0; seen <= words; seen++) {
            if (free != 0) {
                long b = ((long) w << 6) + Long.numberOfTrailingZeros(free);
                if (b < blocks) {
                    return b;
                }
            }
            w = w + 1 == words ? 0 : w + 1;
            free = ~used[w];
        }
        throw new IllegalStateException("no free block although " + count + " of " + blocks + " are used");
    }

    @Override
    public void newPass() {
        Arrays.fill(used, 0);
        count = 0;
    }
}
