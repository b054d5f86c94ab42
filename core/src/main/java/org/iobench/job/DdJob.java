package org.iobench.job;

import java.nio.file.Path;

/**
 * Turns a dd command line into the job it measures:
 * <ul>
 *   <li>{@code if=/dev/zero of=X}: a sequential write of X in {@code obs} blocks ({@code /dev/zero} is never
 *       read: the buffers are zero);</li>
 *   <li>{@code if=X of=/dev/null}: a sequential read of X in {@code ibs} blocks ({@code /dev/null} is never
 *       written);</li>
 *   <li>anything else: a {@link RwMode#COPY copy} from X to Y.</li>
 * </ul>
 * The job transfers exactly dd's bytes (the last block may be short), keeps the output file as dd does, truncates
 * an existing output file at the seek offset unless {@code conv=notrunc}, and runs once.
 */
public final class DdJob {
    private DdJob() {}

    /**
     * @param allowOverwrite the user's consent to write to an existing file or a block device
     * @param inputBytes     the input's size where known (a regular file), else -1: a count beyond the end of
     *                       the input stops at the end, as dd does
     */
    public static JobSpec toSpec(DdOperands d, boolean allowOverwrite, long inputBytes) {
        if (d.readsZero() && d.writesNull()) {
            throw new InvalidJobException("dd: if=/dev/zero of=/dev/null touches no storage; iobench measures"
                    + " files and devices (name a file in if= or of=)");
        }
        JobSpec.Builder b = JobSpec.builder(Path.of(d.writesNull() ? d.input() : d.output()))
                .name("dd").exactSize(true).keep(true).allowOverwrite(allowOverwrite).runs(1)
                .pattern(DataPattern.ZERO);
        long limit = d.countLimitBytes();
        if (d.writesNull()) {
            long available = inputBytes < 0 ? -1 : Math.max(0, inputBytes - d.skipBytes());
            long size = limit < 0 ? Math.max(0, available) : available < 0 ? limit : Math.min(limit, available);
            zeroCount(d, limit, available);
            return b.rw(RwMode.READ).blockSize(d.ibs()).offsetBytes(d.skipBytes()).sizeBytes(size)
                    .direct(d.iflags().contains("direct")).build();
        }
        zeroCount(d, limit, Long.MAX_VALUE);
        b.offsetBytes(d.seekBytes()).truncate(!d.has("notrunc")).sync(syncMode(d));
        if (d.readsZero()) {
            return b.rw(RwMode.WRITE).blockSize(d.obs()).sizeBytes(Math.max(0, limit))
                    .direct(d.oflags().contains("direct")).build();
        }
        if (d.ibs() != d.obs()) {
            throw new InvalidJobException("dd: ibs=" + d.ibs() + " obs=" + d.obs() + ": a file-to-file copy uses one"
                    + " block size in iobench; give bs= (or read into of=/dev/null, write from if=/dev/zero)");
        }
        boolean in = d.iflags().contains("direct");
        boolean out = d.oflags().contains("direct");
        if (in != out) {
            throw new InvalidJobException("dd: iflag=direct and oflag=direct: a file-to-file copy uses O_DIRECT on"
                    + " both sides or neither in iobench; give both or none");
        }
        long available = inputBytes < 0 ? -1 : Math.max(0, inputBytes - d.skipBytes());
        long size = limit < 0 ? Math.max(0, available) : available < 0 ? limit : Math.min(limit, available);
        return b.rw(RwMode.COPY).source(Path.of(d.input())).sourceOffsetBytes(d.skipBytes()).blockSize(d.obs())
                .sizeBytes(size).direct(out).build();
    }

    private static void zeroCount(DdOperands d, long limit, long available) {
        if (limit == 0 || available == 0) {
            throw new InvalidJobException("dd: " + (limit == 0 ? "count=0" : "skip=" + d.skip())
                    + ": nothing to copy (dd would print 0+0 records); iobench needs at least one byte");
        }
    }

    /** {@code oflag=dsync/sync} make every write synchronous; {@code conv=fdatasync/fsync} add one call at the end. */
    static SyncMode syncMode(DdOperands d) {
        if (d.oflags().contains("dsync") || d.oflags().contains("sync")) {
            return SyncMode.DSYNC;
        }
        if (d.has("fsync")) {
            return SyncMode.FSYNC;
        }
        return d.has("fdatasync") ? SyncMode.FDATASYNC : SyncMode.NONE;
    }
}
