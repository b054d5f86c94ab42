package org.iobench.workload.offsets;

/**
 * Consecutive requests of one direction over a region as fio's {@code get_next_seq_offset} places them: each request
 * after the end of the one before, plus {@code skipBytes} (holes; negative: backwards, so {@code rw=read:-8k} with
 * 4 KiB requests reads 0, then from the end of the region downwards); past the region's end a forward walk starts
 * again at 0, a backward one at the end minus the step. A request that ends at the region's end, or a next place with
 * no room for a request before the end, ends the pass: fio
 * then stops a size-based job (with holes it moves fewer bytes than the region holds), and starts over for a
 * time-based one or one with more bytes due ({@code io_size}, {@code loops}).
 *
 * <p>Not thread-safe: one per worker and direction.
 */
public final class SequentialSteps {
    private final long length;
    private final long skipBytes;
    private final long zoneBytes;
    private final long zoneSkipBytes;
    private long end = -1;
    private long inZone;
    private long passes;

    /** @param length bytes of the region */
    public SequentialSteps(long length, long skipBytes) {
        this(length, skipBytes, 0, 0);
    }

    /**
     * @param zoneBytes     bytes moved before {@code zoneSkipBytes} are skipped (fio's strided zones); 0: none
     */
    public SequentialSteps(long length, long skipBytes, long zoneBytes, long zoneSkipBytes) {
        this.length = length;
        this.skipBytes = skipBytes;
        this.zoneBytes = zoneBytes;
        this.zoneSkipBytes = zoneSkipBytes;
    }

    /** True when the last request ended at the region's end: the pass is over. */
    public boolean atEnd() {
        return end >= length;
    }

    /**
     * True when the pass is over for a request of {@code minBytes} or more: the last one ended at the region's end,
     * or the next place (after its hole) leaves less than that before the end. fio's {@code io_u_fits} then finds no
     * room and marks the file done, so a size-based walk with holes ends there (t0007: {@code rw=read:512k bs=1m
     * size=128m} makes 85 reads); a step landing at or past the end wraps to the start instead, as fio's does.
     */
    public boolean passOver(long minBytes) {
        return end >= length || place(minBytes) < 0;
    }

    /** Where the next request starts, relative to the region's start, if it is {@code minBytes} or more. */
    public long next(long minBytes) {
        boolean wrapped = end >= length;
        if (wrapped) {
            end = -1; // a new pass
            passes++;
        }
        boolean newZone = zoneBytes > 0 && inZone >= zoneBytes;
        if (newZone) {
            inZone = 0;
        }
        long pos = place(end < 0 ? -1 : end, newZone, minBytes);
        if (pos < 0) { // no room before the end: over it again (time-based, or more bytes due)
            if (!wrapped) {
                passes++;
            }
            return 0;
        }
        return pos;
    }

    /** Times the walk started over at the region's start (the first pass is 0). */
    public long passes() {
        return passes;
    }

    private long place(long minBytes) {
        return place(end >= length ? -1 : end, zoneBytes > 0 && inZone >= zoneBytes, minBytes);
    }

    /** The next request's place after one that ended at {@code last} (-1: none yet), or -1 when it does not fit. */
    private long place(long last, boolean newZone, long minBytes) {
        long pos = last < 0 ? 0 : last;
        if (newZone) {
            pos += zoneSkipBytes; // the next zone
            if (pos >= length) {
                pos = 0;
            }
        }
        if (pos != 0 && skipBytes != 0) {
            pos += skipBytes;
            if (pos >= length || pos < 0) {
                pos = skipBytes > 0 ? 0 : Math.max(0, length + skipBytes);
            }
        }
        return pos + minBytes > length ? -1 : pos;
    }

    /** The request placed by {@link #next} at {@code pos} was {@code bytes} long. */
    public void advance(long pos, long bytes) {
        end = pos + bytes;
        inZone += bytes;
    }
}
