package org.iobench.workload.offsets;

import java.util.SplittableRandom;
import org.iobench.job.BlockSizeMix;

/**
 * Draws request sizes from a {@link BlockSizeMix} as fio's {@code get_next_buflen} does: a range gives
 * {@code min + max * u} (u uniform in [0, 1)) capped at max, a split walks its shares in ascending order until the
 * cumulative share reaches {@code 100 * u}; either is then aligned down to a multiple of the smallest size. A size
 * that does not fit in the room left is drawn again.
 *
 * <p>Not thread-safe: one per worker.
 */
public final class RequestSizes {
    /** Draws before giving up on the mix and using the smallest size (fio would draw for ever). */
    private static final int MAX_DRAWS = 64;

    private final BlockSizeMix mix;
    private final SplittableRandom random;

    public RequestSizes(BlockSizeMix mix, long seed) {
        this.mix = mix;
        this.random = new SplittableRandom(seed);
    }

    /** The next request's size, at most {@code roomBytes}; 0 when not even the smallest size fits. */
    public long next(long roomBytes) {
        long min = mix.minBytes();
        if (roomBytes < min) {
            return 0;
        }
        if (mix.fixed()) {
            return min;
        }
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            long size = align(draw(roomBytes), min);
            if (size <= roomBytes) {
                return size;
            }
        }
        return min;
    }

    private long draw(long roomBytes) {
        double u = random.nextDouble();
        if (mix.split().isEmpty()) {
            return Math.min(mix.maxBytes(), mix.minBytes() + (long) (mix.maxBytes() * u));
        }
        int cumulative = 0;
        long size = mix.minBytes();
        for (BlockSizeMix.Share s : mix.split()) {
            if (s.percent() == 0) {
                continue;
            }
            size = s.bytes();
            cumulative += s.percent();
            if (u * 100 <= cumulative && size <= roomBytes) {
                break;
            }
        }
        return size;
    }

    private long align(long size, long min) {
        long aligned = Long.bitCount(min) == 1 ? size & -min : size - size % min;
        return Math.min(aligned, mix.maxBytes());
    }
}
