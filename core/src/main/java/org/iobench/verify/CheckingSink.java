package org.iobench.verify;

import java.nio.ByteBuffer;
import java.util.function.LongUnaryOperator;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BlockHeaderFields;
import org.iobench.result.BlockMismatch;
import org.iobench.result.MismatchKind;

/**
 * Checks the blocks a {@link RegionReader} hands over and logs what is wrong, timing the checks apart from the reads.
 * Used by the read-back after a run (only blocks the ledger says the run wrote, with their sequence numbers) and by
 * {@code iobench verify} (every block, sequence numbers unknown).
 */
final class CheckingSink implements RegionReader.Sink {
    private final long runId;
    private final int blockBytes;
    private final BlockChecker checker;
    private final boolean writtenByThisRun;
    private final LongUnaryOperator expectedSequence;
    private final boolean onlyWrittenBlocks;
    final MismatchLog log = new MismatchLog();
    /** The checksum algorithm of the first good block, null until one was seen. */
    VerifyChecksum algorithmSeen;

    /**
     * @param expectedSequence  block index -> sequence number of its last write, 0 when unknown or not written
     * @param onlyWrittenBlocks skip blocks whose expected sequence is 0 (the run did not write them)
     */
    CheckingSink(long runId, int blockBytes, boolean writtenByThisRun, LongUnaryOperator expectedSequence,
                 boolean onlyWrittenBlocks) {
        this.runId = runId;
        this.blockBytes = blockBytes;
        this.checker = new BlockChecker(runId, blockBytes);
        this.writtenByThisRun = writtenByThisRun;
        this.expectedSequence = expectedSequence;
        this.onlyWrittenBlocks = onlyWrittenBlocks;
    }

    @Override
    public void block(ByteBuffer block, long offset, long index) {
        long expected = expectedSequence.applyAsLong(index);
        if (onlyWrittenBlocks && expected == 0) {
            return;
        }
        long t0 = System.nanoTime();
        BlockMismatch m = checker.check(block, offset, writtenByThisRun, expected);
        if (m != null) {
            log.add(m);
        } else if (algorithmSeen == null) {
            algorithmSeen = BlockHeader.algorithm(block);
        }
        log.blocksChecked++;
        log.bytesChecked += block.capacity();
        log.checkNanos += System.nanoTime() - t0;
    }

    @Override
    public void unreadable(long offset, long index, String error) {
        long expected = expectedSequence.applyAsLong(index);
        if (onlyWrittenBlocks && expected == 0) {
            return;
        }
        log.add(new BlockMismatch(offset, MismatchKind.UNREADABLE, "the read failed: " + error,
                new BlockHeaderFields(RunIds.format(runId), offset, blockBytes, expected > 0 ? expected : null, null, null,
                        null, null), null, null));
        log.blocksChecked++;
    }
}
