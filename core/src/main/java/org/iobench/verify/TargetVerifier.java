package org.iobench.verify;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.iobench.engine.Blocking;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.result.MismatchKind;
import org.iobench.result.VerifyResult;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;

/**
 * {@code iobench verify}: checks an existing target against one run, from what the target itself holds (every
 * header names its run) and optionally the run's result file. Works after a reboot or a power cut: nothing of the
 * writing process is needed.
 */
public final class TargetVerifier {
    private TargetVerifier() {}

    /** Checks every block of {@code layout} against run {@code runId}. */
    public static VerifyResult verify(Path target, long runId, TargetLayout layout, boolean direct)
            throws IOException {
        CheckingSink sink = new CheckingSink(runId, Math.toIntExact(layout.blockSize()),
                layout.everyBlockWritten(), index -> 0, false);
        RegionReader.read(target, direct, layout.regionStart(), layout.blocks(), layout.blockSize(), sink);
        MismatchLog log = sink.log;
        String note = layout.everyBlockWritten() ? null
                : "blocks of other runs and unstamped blocks are listed, not failures: the layout ("
                        + layout.source() + ") does not say this run wrote them; give the run's --json result"
                        + " for a complete sequential write to count them as lost";
        return new VerifyResult(sink.algorithmSeen == null ? "unknown" : sink.algorithmSeen.label(), RunIds.format(runId), "target", 0,
                0, 0, log.blocksChecked, log.bytesChecked, log.checkNanos, log.counts(), log.listed(), note);
    }

    /** Blocks checked that carry this run's id (all but other-run and unstamped ones). */
    public static long blocksOfRun(VerifyResult r) {
        return r.blocksChecked() - r.count(MismatchKind.OTHER_RUN) - r.count(MismatchKind.UNSTAMPED);
    }

    /**
     * The block size named by an intact header at {@code offset}, or 0 when there is none (not an iobench block,
     * or a damaged one).
     */
    public static long blockSizeAt(Path target, long offset, boolean direct) throws IOException {
        try (IoEngine io = Engines.forSetup();
             NativeBuffer b = NativeBuffer.allocate(4096, 4096)) {
            IoFile file = io.open(target, OpenMode.READ.withDirect(direct));
            long n;
            try {
                n = Blocking.once(io, new IoRequest(0, b).prepare(IoOp.READ, file, offset,
                        direct ? 4096 : BlockHeader.BYTES));
            } finally {
                io.closeQuietly(file); // read-only: nothing written that close could lose
            }
            if (n < 0) {
                throw new IOException("verify: read at offset " + offset + " of " + target + " failed: "
                        + Errno.describe((int) -n));
            }
            if (n < BlockHeader.BYTES) {
                return 0;
            }
            ByteBuffer view = b.asByteBuffer();
            if (!BlockHeader.intact(view, new CRC32C())) {
                return 0;
            }
            return BlockHeader.blockSize(view);
        }
    }
}
