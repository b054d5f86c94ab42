package org.iobench.verify;

import org.iobench.job.InvalidJobException;

/**
 * The sequence number of the last write of each block of a run's region, so a read-back knows which blocks this run
 * wrote and which version each should hold. One {@code long} per block; a block has one writer (sequential workers
 * own disjoint slices, a verifying random job has one worker), and the writers are joined before the ledger is read.
 */
final class Ledger {
    /** Above this many blocks the ledger would take more than 512 MiB of heap. */
    static final long MAX_BLOCKS = 1L << 26;

    private final long regionStart;
    private final long blockSize;
    private final long[] sequence;

    Ledger(long regionStart, long regionBytes, long blockSize) {
        long blocks = regionBytes / blockSize;
        if (blocks > MAX_BLOCKS) {
            throw new InvalidJobException("--size", regionBytes, "has " + blocks + " blocks of "
                    + blockSize + " bytes; --verify keeps 8 bytes per block and takes at most " + MAX_BLOCKS
                    + " blocks: use a smaller --size or a larger --bs");
        }
        this.regionStart = regionStart;
        this.blockSize = blockSize;
        this.sequence = new long[(int) blocks];
    }

    long blocks() {
        return sequence.length;
    }

    long regionStart() {
        return regionStart;
    }

    long blockSize() {
        return blockSize;
    }

    void written(long offset, long seq) {
        sequence[(int) ((offset - regionStart) / blockSize)] = seq;
    }

    /** The last sequence written at block {@code index}, 0 when this run did not write it. */
    long sequence(long index) {
        return sequence[(int) index];
    }

    long sequenceAt(long offset) {
        return sequence((offset - regionStart) / blockSize);
    }
}
