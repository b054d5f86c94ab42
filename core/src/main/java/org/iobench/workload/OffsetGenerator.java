package org.iobench.workload;

import java.util.SplittableRandom;

/** Chooses where each request goes inside a worker's region; offsets are multiples of the block size. */
public sealed interface OffsetGenerator {

    long next();

    /** Times the generator went back to the start of its region (a sequential walk's wraps); 0 for random ones. */
    default long wraps() {
        return 0;
    }

    /**
     * Sequential over {@code [start, start + length)}, wrapping to the start when the end is reached (time-based
     * runs over a small region).
     */
    static OffsetGenerator sequential(long start, long length, long blockSize) {
        return new Sequential(start, Math.max(blockSize, length - length % blockSize), blockSize);
    }

    /**
     * Uniformly random block-aligned offsets over {@code [start, start + length)}, with replacement (like fio's
     * {@code norandommap} and iot): a block may be hit twice in one pass.
     */
    static OffsetGenerator random(long start, long length, long blockSize, long seed) {
        return new Random(start, Math.max(1, length / blockSize), blockSize, new SplittableRandom(seed));
    }

    /**
     * Like {@link #random}, but only over the blocks of one stripe: block indexes {@code stripe},
     * {@code stripe + stripes}, {@code stripe + 2 * stripes}... of the region. Disjoint stripes never meet.
     */
    static OffsetGenerator randomStripe(long start, long length, long blockSize, int stripe, int stripes,
                                        long seed) {
        long blocks = length / blockSize;
        long mine = (blocks - stripe + stripes - 1) / stripes;
        if (stripe >= stripes || mine < 1) {
            throw new IllegalArgumentException("stripe " + stripe + " of " + stripes + " has no block of " + blocks);
        }
        return new Random(start + stripe * blockSize, mine, blockSize * stripes, new SplittableRandom(seed));
    }

    final class Sequential implements OffsetGenerator {
        private final long start;
        private final long length;
        private final long blockSize;
        private long position;
        private long wraps;

        Sequential(long start, long length, long blockSize) {
            this.start = start;
            this.length = length;
            this.blockSize = blockSize;
        }

        @Override
        public long next() {
            if (position + blockSize > length) {
                position = 0;
                wraps++;
            }
            long offset = start + position;
            position += blockSize;
            return offset;
        }

        @Override
        public long wraps() {
            return wraps;
        }

        /** The walk from its start again (a pass begun is counted as one). */
        void restart() {
            if (position > 0) {
                position = 0;
                wraps++;
            }
        }
    }

    final class Random implements OffsetGenerator {
        private final long start;
        private final long blocks;
        private final long blockSize;
        private final SplittableRandom random;

        Random(long start, long blocks, long blockSize, SplittableRandom random) {
            this.start = start;
            this.blocks = blocks;
            this.blockSize = blockSize;
            this.random = random;
        }

        @Override
        public long next() {
            return start + random.nextLong(blocks) * blockSize;
        }
    }
}
