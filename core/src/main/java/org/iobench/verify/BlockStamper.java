package org.iobench.verify;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import org.iobench.job.VerifyChecksum;

/**
 * Turns a buffer into a verified block before it is written: payload for this write, header, payload checksum,
 * header checksum. One per worker thread; allocation-free.
 *
 * <pre>{@code
 * long seq = stamper.stamp(view, offset, nextSequence++, System.currentTimeMillis());
 * }</pre>
 */
final class BlockStamper {
    /**
     * The payload is made and checksummed in parts of this size, so the checksum reads each part from the CPU's
     * cache right after it was written instead of from memory (a 1 MiB block does not fit a core's L2 here).
     */
    static final int PART_BYTES = 32 << 10;

    private final long runId;
    private final int worker;
    private final VerifyChecksum algorithm;
    private final Payload payload;
    private final PayloadChecksum sums = new PayloadChecksum();

    BlockStamper(long runId, int worker, int blockBytes, VerifyChecksum algorithm, boolean randomPayload) {
        this.runId = runId;
        this.worker = worker;
        this.algorithm = algorithm;
        this.payload = new Payload(runId, blockBytes, randomPayload);
    }

    /** Makes {@code block} (index 0 = block start, at least the block size) the write number {@code sequence}. */
    void stamp(ByteBuffer block, long offset, long sequence, long timestampMillis) {
        stamp(block, block.asLongBuffer(), offset, sequence, timestampMillis);
    }

    /** As {@link #stamp(ByteBuffer, long, long, long)} with the block's long view kept by the caller. */
    void stamp(ByteBuffer block, LongBuffer words, long offset, long sequence, long timestampMillis) {
        long key = Payload.key(runId, worker, sequence);
        int size = payload.blockBytes();
        sums.begin(algorithm);
        for (int from = BlockHeader.BYTES; from < size; from += PART_BYTES) {
            int to = Math.min(size, from + PART_BYTES);
            payload.fill(block, words, key, from, to);
            sums.update(block, from, to);
        }
        BlockHeader.write(block, offset, size, runId, sequence, timestampMillis, worker, algorithm,
                payload.random());
        sums.store(block);
        BlockHeader.seal(block, sums.crc());
    }
}
