package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;

/**
 * The requests of a {@code copy} job, dd's loop: read a block of the source, write what was read to the target at
 * the same relative position, until the source ends (a read of nothing), the budget is copied, or the worker is
 * stopped. A short read is a partial record, written as it is (dd without {@code iflag=fullblock}); a short write is
 * resubmitted for the rest. {@code /dev/zero} as the source ({@code source} null) is never read: the buffer simply
 * stays zero (or the pattern) and only writes are issued.
 *
 * <p>One request in flight (the job refuses a deeper queue): the write of a block follows its read on the same
 * request, and the next read follows the write.
 */
final class CopySource implements RequestSource {
    private final IoFile source;
    private final IoFile target;
    private final long sourceOffset;
    private final long targetOffset;
    private final long blockSize;
    private final long budget;
    private long copied;
    private boolean sourceEnded;

    /**
     * @param source       the file read, null for {@code /dev/zero}
     * @param sourceOffset where reading starts in the source (dd's {@code skip})
     * @param targetOffset where writing starts in the target (dd's {@code seek})
     * @param budgetBytes  bytes to copy at most; {@code Long.MAX_VALUE}: until the source ends
     */
    CopySource(IoFile source, IoFile target, long sourceOffset, long targetOffset, long blockSize, long budgetBytes) {
        this.source = source;
        this.target = target;
        this.sourceOffset = sourceOffset;
        this.targetOffset = targetOffset;
        this.blockSize = blockSize;
        this.budget = budgetBytes;
    }

    @Override
    public boolean more() {
        return !sourceEnded && copied < budget;
    }

    @Override
    public void next(IoRequest r) {
        long want = Math.min(blockSize, budget - copied);
        if (source == null) {
            r.prepare(IoOp.WRITE, target, targetOffset + copied, want);
        } else {
            r.prepare(IoOp.READ, source, sourceOffset + copied, want);
        }
    }

    @Override
    public boolean shortIsFinal(IoRequest r) {
        return r.op() == IoOp.READ;
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        if (r.op() == IoOp.READ) {
            sourceEnded = true;
            return null;
        }
        return "write at offset " + r.offset() + " transferred nothing: the target is full or ended";
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        if (r.op() == IoOp.READ) {
            r.prepare(IoOp.WRITE, target, targetOffset + copied, bytes); // the data stays at the buffer's start
            return true;
        }
        copied += bytes;
        return false;
    }

    @Override
    public String where(IoRequest r) {
        return " of " + (r.file() == source ? source : target).path();
    }
}
