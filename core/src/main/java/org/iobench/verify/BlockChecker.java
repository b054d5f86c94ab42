package org.iobench.verify;

import java.nio.ByteBuffer;
import java.time.Instant;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BlockHeaderFields;
import org.iobench.result.BlockMismatch;
import org.iobench.result.MismatchKind;

/**
 * Checks one block read back against what run {@code runId} wrote there, and classifies what it finds (the rules in
 * order, as in docs/verify.md):
 * <ol>
 *   <li>no magic: GARBAGE where this run wrote the block, else UNSTAMPED ("all zero" said when it is);</li>
 *   <li>magic but a bad header checksum (or unknown version, size, algorithm): CORRUPT, the header is damaged;</li>
 *   <li>an intact header of another run: STALE where this run wrote the block (its write was lost), else
 *       OTHER_RUN;</li>
 *   <li>this run, another offset: MISPLACED; another block size: CORRUPT;</li>
 *   <li>payload checksum wrong: the payload is regenerated from the header and compared byte by byte; more than
 *       {@value #TORN_MIN_BYTES} differing bytes, dense (at least half the span they cover), is TORN: part of the
 *       block holds another write's data or a partial sector; fewer or sparse is CORRUPT (flipped bytes);</li>
 *   <li>an intact block with an older sequence number than the last write of it: STALE; a newer one: CORRUPT.</li>
 * </ol>
 * Not thread-safe; one per thread. A good block costs two checksums and no allocation.
 */
final class BlockChecker {
    static final int TORN_MIN_BYTES = 32;

    private final long runId;
    private final int blockBytes;
    private final PayloadChecksum sums;
    private Payload random;
    private Payload zero;

    BlockChecker(long runId, int blockBytes) {
        this.runId = runId;
        this.blockBytes = blockBytes;
        this.sums = new PayloadChecksum();
    }

    /**
     * @param block            the block, index 0 its first byte, capacity its size
     * @param offset           where it was read from
     * @param writtenByThisRun this run is known to have written the block
     * @param expectedSequence the sequence number of the last write of the block, 0 when unknown
     * @return null when the block is as written, else the mismatch
     */
    BlockMismatch check(ByteBuffer block, long offset, boolean writtenByThisRun, long expectedSequence) {
        if (!BlockHeader.hasMagic(block)) {
            boolean zero = allZero(block);
            String what = zero ? "all zero" : "no iobench header (magic " + hex8(block) + ")";
            return writtenByThisRun
                    ? mismatch(offset, MismatchKind.GARBAGE, what + " where this run wrote a block", expectedSequence,
                            null, null)
                    : mismatch(offset, MismatchKind.UNSTAMPED, what, 0, null, null);
        }
        if (!BlockHeader.intact(block, sums.crc())) {
            return mismatch(offset, MismatchKind.CORRUPT, "header damaged: its checksum does not match its fields",
                    expectedSequence, BlockHeader.fields(block), null);
        }
        long foundRun = BlockHeader.runId(block);
        if (foundRun != runId) {
            String from = "an intact block of run " + RunIds.format(foundRun) + " (sequence "
                    + BlockHeader.sequence(block) + ", written " + time(block) + ")";
            return writtenByThisRun
                    ? mismatch(offset, MismatchKind.STALE, from + ": this run's write was lost", expectedSequence,
                            BlockHeader.fields(block), null)
                    : mismatch(offset, MismatchKind.OTHER_RUN, from, 0, BlockHeader.fields(block), null);
        }
        if (BlockHeader.offset(block) != offset) {
            return mismatch(offset, MismatchKind.MISPLACED, "the header says offset " + BlockHeader.offset(block)
                    + ": a write meant for there landed here", expectedSequence, BlockHeader.fields(block), null);
        }
        if (BlockHeader.blockSize(block) != blockBytes) {
            return mismatch(offset, MismatchKind.CORRUPT, "the header says block size " + BlockHeader.blockSize(block)
                    + ", this run wrote " + blockBytes, expectedSequence, BlockHeader.fields(block), null);
        }
        VerifyChecksum algorithm = BlockHeader.algorithm(block);
        long sequence = BlockHeader.sequence(block);
        if (!sums.matches(block, blockBytes, algorithm)) {
            return payloadMismatch(block, offset, algorithm, sequence, expectedSequence);
        }
        if (expectedSequence > 0 && sequence != expectedSequence) {
            return sequence < expectedSequence
                    ? mismatch(offset, MismatchKind.STALE, "an intact older version: sequence " + sequence
                            + ", the last write was " + expectedSequence + ": that write was lost", expectedSequence,
                            BlockHeader.fields(block), null)
                    : mismatch(offset, MismatchKind.CORRUPT, "sequence " + sequence + " is newer than the last"
                            + " write issued (" + expectedSequence + ")", expectedSequence,
                            BlockHeader.fields(block), null);
        }
        return null;
    }

    private BlockMismatch payloadMismatch(ByteBuffer block, long offset, VerifyChecksum algorithm, long sequence,
                                          long expectedSequence) {
        String computed = sums.lastHex();
        Payload payload = payload(BlockHeader.randomPayload(block));
        int worker = BlockHeader.worker(block);
        Payload.Diff d = payload.diff(block, Payload.key(runId, worker, sequence));
        String where = d.bytes() == 0 ? "the payload is as written but its checksum differs"
                : d.bytes() + " payload bytes differ in " + (d.first()) + ".." + d.last() + " (sectors of 512: "
                        + d.first() / 512 + ".." + d.last() / 512 + ")";
        boolean torn = d.bytes() > TORN_MIN_BYTES && d.bytes() * 2 >= d.span();
        if (!torn) {
            return mismatch(offset, MismatchKind.CORRUPT, where + ": flipped bytes, not a partial write",
                    expectedSequence, BlockHeader.fields(block), computed);
        }
        String other = "";
        if (expectedSequence > 0 && expectedSequence != sequence && payload.random()) {
            Payload.Diff e = payload.diff(block, Payload.key(runId, worker, expectedSequence));
            if (e.bytes() < d.bytes()) {
                other = "; those bytes are from sequence " + expectedSequence + ", the header from " + sequence;
            }
        }
        return mismatch(offset, MismatchKind.TORN, where + other + ": the block mixes writes", expectedSequence,
                BlockHeader.fields(block), computed);
    }

    private Payload payload(boolean isRandom) {
        if (isRandom) {
            if (random == null) {
                random = new Payload(runId, blockBytes, true);
            }
            return random;
        }
        if (zero == null) {
            zero = new Payload(runId, blockBytes, false);
        }
        return zero;
    }

    private BlockMismatch mismatch(long offset, MismatchKind kind, String detail, long expectedSequence,
                                   BlockHeaderFields found, String computed) {
        BlockHeaderFields expected = kind.failure()
                ? new BlockHeaderFields(RunIds.format(runId), offset, blockBytes,
                        expectedSequence > 0 ? expectedSequence : null, null, null, null, null)
                : null;
        return new BlockMismatch(offset, kind, detail, expected, found, computed);
    }

    private boolean allZero(ByteBuffer block) {
        int full = blockBytes >>> 3;
        for (int i = 0; i < full; i++) {
            if (block.getLong(i << 3) != 0) {
                return false;
            }
        }
        for (int p = full << 3; p < blockBytes; p++) {
            if (block.get(p) != 0) {
                return false;
            }
        }
        return true;
    }

    private static String hex8(ByteBuffer block) {
        return String.format("%016x", Long.reverseBytes(block.getLong(0)));
    }

    private static String time(ByteBuffer block) {
        return Instant.ofEpochMilli(BlockHeader.timestampMillis(block)).toString();
    }
}
