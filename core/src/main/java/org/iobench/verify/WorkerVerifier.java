package org.iobench.verify;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.List;
import java.util.function.LongSupplier;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BlockMismatch;
import org.iobench.sys.NativeBuffer;

/**
 * A worker's side of {@code --verify}, called from its I/O loop: {@link #stamp} just before a write is issued and
 * {@link #checkRead} just after a read's latency was recorded, so neither counts in the measured latency. Buffers
 * are addressed by the request's slot; nothing is allocated unless a block is bad. Its own time is kept apart
 * ({@code stampNanos}, {@code checkNanos}) to report verification throughput.
 *
 * <pre>{@code
 * r.prepare(WRITE, fd, offset, bs);
 * if (verifier != null) verifier.stamp(r.index(), offset);     // before issueNanos is taken
 * ...
 * record(r, ...);                                              // latency recorded
 * if (verifier != null && op == READ) verifier.checkRead(r.index(), offset);
 * }</pre>
 */
public final class WorkerVerifier {
    private final ByteBuffer[] views;
    private final LongBuffer[] words;
    private final BlockStamper stamper;
    private final BlockChecker checker;
    private final Ledger ledger;
    private final int blockBytes;
    private final LongSupplier wallMillis;
    final MismatchLog log = new MismatchLog();
    private long sequence;
    long blocksStamped;
    long stampNanos;

    WorkerVerifier(long runId, int worker, List<NativeBuffer> buffers, int blockBytes, VerifyChecksum algorithm,
                   boolean randomPayload, Ledger ledger, LongSupplier wallMillis) {
        this.views = new ByteBuffer[buffers.size()];
        this.words = new LongBuffer[views.length];
        for (int i = 0; i < views.length; i++) {
            views[i] = buffers.get(i).asByteBuffer();
            words[i] = views[i].asLongBuffer();
        }
        this.stamper = new BlockStamper(runId, worker, blockBytes, algorithm, randomPayload);
        this.checker = new BlockChecker(runId, blockBytes);
        this.ledger = ledger;
        this.blockBytes = blockBytes;
        this.wallMillis = wallMillis;
    }

    /** Makes the buffer of request {@code slot} this worker's next write of the block at {@code offset}. */
    public void stamp(int slot, long offset) {
        long t0 = System.nanoTime();
        long seq = ++sequence;
        stamper.stamp(views[slot], words[slot], offset, seq, wallMillis.getAsLong());
        ledger.written(offset, seq);
        blocksStamped++;
        stampNanos += System.nanoTime() - t0;
    }

    /** Checks the block just read into request {@code slot} from {@code offset}, if this run wrote it. */
    public void checkRead(int slot, long offset) {
        long expected = ledger.sequenceAt(offset);
        if (expected == 0) {
            return;
        }
        long t0 = System.nanoTime();
        BlockMismatch m = checker.check(views[slot], offset, true, expected);
        if (m != null) {
            log.add(m);
        }
        log.blocksChecked++;
        log.bytesChecked += blockBytes;
        log.checkNanos += System.nanoTime() - t0;
    }
}
