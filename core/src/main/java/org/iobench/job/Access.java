package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * How a job draws its requests beyond one block size over uniformly random or consecutive offsets: the request sizes
 * per direction ({@code bsrange}, {@code bssplit}), fio's random map, a skewed or zoned distribution, holes or
 * backward steps between sequential requests ({@code rw=read:8k}, {@code rw=read:-8k}), and limits on the I/O done
 * ({@code io_size}, {@code loops}, {@code number_ios}). {@link #DEFAULT} is iobench's plain job: one block size,
 * uniform offsets with replacement, the region once.
 *
 * @param readSizes    request sizes of reads; null: the workload's block size
 * @param writeSizes   request sizes of writes; null: the workload's block size
 * @param randomMap    a random job uses each block once per pass (fio's default; {@code norandommap} turns it off)
 * @param distribution where random requests go; {@link Distribution#UNIFORM} by default
 * @param skipBytes    bytes skipped after each sequential request (holes); negative: that far back (backwards)
 * @param ioBytes      bytes a size-based job transfers ({@code io_size}, {@code loops} times); 0: the region's
 * @param ioCount      requests a job issues at most ({@code number_ios}); 0: no such limit
 * @param zoneBytes    bytes a job moves in one zone before the next ({@code zonemode=strided} with {@code zonesize});
 *                     0: no zones
 * @param zoneSkipBytes the bytes skipped after each zone's range ({@code zoneskip})
 * @param zoneRangeBytes the bytes of each zone ({@code zonerange}): random requests go within it, a sequential walk
 *                     wraps in it; the next zone starts a range and a skip later; 0: {@code zoneBytes}
 * @param offsets      the generator of uniformly random offsets ({@code random_generator}); null: iobench's own
 * @param draws        fio's generators of directions and sizes and fio's units per direction, so a job file makes
 *                     fio's requests in fio's order; null: iobench's own draws
 * @param emulatedZones fio's {@code zonemode=zbd} on a target that is not zoned ({@link EmulatedZones}); null: none
 */
public record Access(BlockSizeMix readSizes, BlockSizeMix writeSizes, boolean randomMap, Distribution distribution,
                     long skipBytes, long ioBytes, long ioCount, long zoneBytes, long zoneSkipBytes,
                     long zoneRangeBytes, RandomOffsets offsets,
                     @JsonInclude(JsonInclude.Include.NON_NULL) FioDraws draws,
                     @JsonInclude(JsonInclude.Include.NON_NULL) EmulatedZones emulatedZones) {
    public static final Access DEFAULT = new Access(null, null, false, Distribution.UNIFORM, 0, 0, 0);

    public Access(BlockSizeMix readSizes, BlockSizeMix writeSizes, boolean randomMap, Distribution distribution,
                  long skipBytes, long ioBytes, long ioCount, long zoneBytes, long zoneSkipBytes) {
        this(readSizes, writeSizes, randomMap, distribution, skipBytes, ioBytes, ioCount, zoneBytes, zoneSkipBytes,
                zoneBytes, RandomOffsets.OWN, null, null);
    }

    public Access(BlockSizeMix readSizes, BlockSizeMix writeSizes, boolean randomMap, Distribution distribution,
                  long skipBytes, long ioBytes, long ioCount) {
        this(readSizes, writeSizes, randomMap, distribution, skipBytes, ioBytes, ioCount, 0, 0);
    }

    public Access {
        distribution = Objects.requireNonNullElse(distribution, Distribution.UNIFORM);
        offsets = Objects.requireNonNullElse(offsets, RandomOffsets.OWN);
        if (zoneRangeBytes == 0) {
            zoneRangeBytes = zoneBytes; // documents written before zonerange: the range was the zone's size
        }
        if (ioBytes < 0 || ioCount < 0) {
            throw new InvalidJobException("io_size/number_ios", ioBytes < 0 ? ioBytes : ioCount,
                    "must not be negative");
        }
    }

    /** This access with fio's random map on. */
    public Access withRandomMap() {
        return new Access(readSizes, writeSizes, true, distribution, skipBytes, ioBytes, ioCount, zoneBytes,
                zoneSkipBytes, zoneRangeBytes, offsets, draws, emulatedZones);
    }

    /** This access drawing its random offsets with {@code generator}. */
    public Access withOffsets(RandomOffsets generator) {
        return new Access(readSizes, writeSizes, randomMap, distribution, skipBytes, ioBytes, ioCount, zoneBytes,
                zoneSkipBytes, zoneRangeBytes, generator, draws, emulatedZones);
    }

    /** This access with {@code zonemode=strided}'s zones: {@code sizeBytes} moved in each, a range, a skip. */
    public Access withZones(long sizeBytes, long rangeBytes, long skipBytes) {
        return new Access(readSizes, writeSizes, randomMap, distribution, this.skipBytes, ioBytes, ioCount, sizeBytes,
                skipBytes, rangeBytes, offsets, draws, emulatedZones);
    }

    /** This access drawing its directions and sizes as fio does ({@code draws}; null: iobench's own way). */
    public Access withDraws(FioDraws fio) {
        return new Access(readSizes, writeSizes, randomMap, distribution, skipBytes, ioBytes, ioCount, zoneBytes,
                zoneSkipBytes, zoneRangeBytes, offsets, fio, emulatedZones);
    }

    /** This access on fio's emulated zones ({@code zonemode=zbd}); null: none. */
    public Access withEmulatedZones(EmulatedZones zones) {
        return new Access(readSizes, writeSizes, randomMap, distribution, skipBytes, ioBytes, ioCount, zoneBytes,
                zoneSkipBytes, zoneRangeBytes, offsets, draws, zones);
    }

    /** This access with iobench's own generators: what it asks beyond where its random draws come from. */
    @JsonIgnore
    public Access shape() {
        return withOffsets(RandomOffsets.OWN).withDraws(null);
    }

    @JsonIgnore
    public boolean isDefault() {
        return equals(DEFAULT);
    }

    /** The request sizes of one direction, given the workload's block size. */
    public BlockSizeMix sizes(boolean write, long blockSize) {
        BlockSizeMix m = write ? writeSizes : readSizes;
        return m == null ? BlockSizeMix.fixed(blockSize) : m;
    }

    /** The largest request of the job (buffers hold it). */
    public long maxBytes(long blockSize) {
        return Math.max(sizes(false, blockSize).maxBytes(), sizes(true, blockSize).maxBytes());
    }
}
