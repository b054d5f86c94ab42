package org.iobench.workload;

import java.util.SplittableRandom;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.verify.WorkerVerifier;

/**
 * The requests of a read, write or mixed job: offsets from the worker's {@link OffsetGenerator} (sequential or
 * random over its region; one stripe per request slot for a verified random job), reads and writes mixed by the
 * job's read share, until the worker's byte budget is issued. With {@code --verify}, each whole-block write is
 * stamped before it is issued and each whole-block read checked after it completed. A trim job issues a trim per
 * block; fio's trimwrite issues the block's write as the trim's follow-up (on the same request, once the trim
 * completed), so the budget counts each block once and the job trims and writes it, as fio does.
 */
final class MixSource implements RequestSource {
    private final IoFile file;
    private final long blockSize;
    private final long byteBudget;
    private final int readPercent;
    private final boolean mixed;
    private final boolean writesOnly;
    private final boolean trims;
    private final OffsetGenerator offsets;
    /** Per request slot, for a verified random job (see {@link AccessPattern#stripedRandom()}); else null. */
    private final OffsetGenerator[] slotOffsets;
    private final SplittableRandom mix;
    /** Null when the job does not verify. */
    private final WorkerVerifier verifier;
    private long budgetIssued;
    /** New loops begun by {@link #endLoop}. */
    private long loops;

    /**
     * @param depth    the worker's request slots
     * @param verifier the worker's side of {@code --verify}; null without it
     */
    MixSource(AccessPattern setup, WorkerPlan plan, IoFile file, int depth, WorkerVerifier verifier) {
        int id = plan.worker();
        this.file = file;
        this.blockSize = setup.blockSize();
        this.byteBudget = plan.byteBudget();
        this.readPercent = setup.readPercent();
        this.mixed = setup.mixed();
        this.writesOnly = setup.writesOnly();
        this.trims = setup.trims();
        this.offsets = setup.random()
                ? OffsetGenerator.random(plan.regionStart(), plan.regionLength(), blockSize, setup.seed() + id)
                : OffsetGenerator.sequential(plan.regionStart(), setup.exactSize()
                        ? Math.ceilDiv(plan.regionLength(), blockSize) * blockSize : plan.regionLength(), blockSize);
        this.slotOffsets = setup.stripedRandom() ? stripes(plan, setup, id, depth) : null;
        this.mix = new SplittableRandom(setup.seed() * 31 + id);
        this.verifier = verifier;
    }

    private static OffsetGenerator[] stripes(WorkerPlan plan, AccessPattern setup, int worker, int depth) {
        OffsetGenerator[] g = new OffsetGenerator[depth];
        int stripes = setup.workers() * depth;
        for (int slot = 0; slot < depth; slot++) {
            g[slot] = OffsetGenerator.randomStripe(plan.regionStart(), plan.regionLength(), setup.blockSize(),
                    worker * depth + slot, stripes, setup.seed() + worker * 7919L + slot);
        }
        return g;
    }

    @Override
    public boolean more() {
        return budgetIssued < byteBudget;
    }

    @Override
    public long passes() {
        return offsets.wraps();
    }

    @Override
    public void next(IoRequest r) {
        boolean read = !writesOnly && (!mixed || mix.nextInt(100) < readPercent);
        long offset = slotOffsets != null ? slotOffsets[r.index()].next() : offsets.next();
        long length = Math.min(blockSize, byteBudget - budgetIssued); // short only for an exact-size tail
        if (trims) {
            r.prepare(IoOp.TRIM, file, offset, length);
            budgetIssued += length;
            return;
        }
        r.prepare(read ? IoOp.READ : IoOp.WRITE, file, offset, length);
        if (!read && verifier != null && length == blockSize) {
            verifier.stamp(r.index(), offset);
        }
        budgetIssued += length;
    }

    /** A sequential walk's new loop from its region's start (fio's {@code clear_io_state}); the others start none. */
    @Override
    public boolean endLoop() {
        if (!(offsets instanceof OffsetGenerator.Sequential walk) || slotOffsets != null) {
            return false;
        }
        walk.restart();
        loops++;
        return true;
    }

    @Override
    public long loops() {
        return loops;
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return (r.op() == IoOp.READ ? "read" : "write") + " at offset " + r.offset()
                + " transferred nothing: the target ended early (was it truncated underneath?)";
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        if (r.op() == IoOp.TRIM && writesOnly) { // trimwrite: now the block's write
            r.prepare(IoOp.WRITE, file, r.offset(), r.length());
            return true;
        }
        if (verifier != null && r.op() == IoOp.READ && bytes == blockSize) {
            verifier.checkRead(r.index(), r.offset() - r.bufferOffset());
        }
        return false;
    }
}
