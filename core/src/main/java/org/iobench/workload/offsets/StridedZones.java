package org.iobench.workload.offsets;

/**
 * fio 3.33's {@code zonemode=strided} ({@code setup_strided_zone_mode} in io_u.c), before each request: once
 * {@code zonesize} bytes were moved in the current zone, the next zone starts {@code zonerange + zoneskip} bytes
 * later, back at the start of the job's region when that is at or past the file's end; whenever the bytes moved in
 * the zone are a whole number of ranges (the first request of each zone included) fio resets the file: the random map
 * is cleared, the LFSR starts again, the sequential positions go back to the zone's start. Random requests are drawn
 * in {@code [zone, zone + zonerange)}; a sequential walk going past the range wraps to the zone's start.
 *
 * <p>Not thread-safe: one per worker.
 */
public final class StridedZones {
    private final long sizeBytes;
    private final long rangeBytes;
    private final long skipBytes;
    private final long walkBytes;
    private long start;
    private long moved;
    private boolean newZone;

    /**
     * @param sizeBytes  bytes moved in a zone ({@code zonesize}), more than 0
     * @param rangeBytes bytes of a zone ({@code zonerange}), more than 0
     * @param skipBytes  bytes skipped after a zone's range ({@code zoneskip})
     * @param walkBytes  bytes from the region's start to the file's end, where zones wrap
     */
    public StridedZones(long sizeBytes, long rangeBytes, long skipBytes, long walkBytes) {
        if (sizeBytes <= 0 || rangeBytes <= 0 || skipBytes < 0) {
            throw new IllegalArgumentException("zones of " + sizeBytes + " bytes in ranges of " + rangeBytes
                    + " bytes, skipping " + skipBytes);
        }
        this.sizeBytes = sizeBytes;
        this.rangeBytes = rangeBytes;
        this.skipBytes = skipBytes;
        this.walkBytes = walkBytes;
    }

    /**
     * Before a request: moves to the next zone when this one had its bytes; true when fio resets the file here
     * (the moved bytes are a whole number of ranges).
     */
    public boolean prepare() {
        newZone = false;
        if (moved >= sizeBytes) {
            moved = 0;
            start += rangeBytes + skipBytes;
            if (start >= walkBytes) {
                start = 0;
            }
            newZone = true;
        }
        return moved % rangeBytes == 0;
    }

    /** These zones as a new loop of fio's finds them: the first zone, no bytes moved in it. */
    public StridedZones restarted() {
        return new StridedZones(sizeBytes, rangeBytes, skipBytes, walkBytes);
    }

    /** True when the last {@link #prepare} moved to a new zone (sequential positions start at its beginning). */
    public boolean newZone() {
        return newZone;
    }

    /** Where the current zone starts, relative to the region's start. */
    public long start() {
        return start;
    }

    /** The bytes of a zone. */
    public long rangeBytes() {
        return rangeBytes;
    }

    /** A request of {@code bytes} was placed in the current zone (fio counts it as the request is filled). */
    public void moved(long bytes) {
        moved += bytes;
    }
}
