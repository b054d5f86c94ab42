package org.iobench.workload;

import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.Access;
import org.iobench.job.EmulatedZones;
import org.iobench.job.FioDraws;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.RandomOffsets;
import org.iobench.job.RwMode;
import org.iobench.workload.offsets.BlockPicker;
import org.iobench.workload.offsets.BlockPickers;
import org.iobench.workload.offsets.RequestSizes;
import org.iobench.workload.offsets.SequentialSteps;
import org.iobench.workload.zbd.ZoneBook;

/**
 * The requests of a job on fio's emulated zones ({@code zonemode=zbd} on a file or a device that is not zoned), in
 * the order of fio 3.33's {@code fill_io_u}: the direction (a mixed job writes while the file holds no data), the
 * place and size as without zones (random blocks with fio's generator and map, or the direction's sequential walk),
 * then {@code zbd_adjust_block} through the file's {@link ZoneBook}: a write goes to the write pointer of its zone or
 * of an open one, a read below a write pointer. The sequential walk goes on after where the request was put, the
 * random map marks where it was drawn, as in fio. fio's {@code zbd_zone_align_file_sizes} comes first: a job that
 * writes works on whole zones (its region's start rounded up, its end down, to zone boundaries). It ends when the
 * budget is issued, a sequential walk is over (size-based), or the book finds no place for the next request.
 */
final class ZonedSource implements RequestSource {
    private final IoFile file;
    private final ZoneBook.Job zones;
    private final long regionStart;
    private final long regionLength;
    private final long unit;
    private final long byteBudget;
    private final long countLimit;
    private final int readPercent;
    private final boolean mixed;
    private final boolean reads;
    private final boolean writes;
    /** A trim job (rw=trim, randtrim). */
    private final boolean trims;
    /**
     * Its trims are zone resets, sent to nothing: the engine discards (BLKDISCARD), where fio's {@code do_io_u_trim}
     * calls {@code zbd_do_io_u_trim} instead. An engine that punches holes, or moves no data, gets its trims as
     * without zones and the zone keeps its data, as fio's falloc and null engines do.
     */
    private final boolean trimResets;
    private final boolean again;
    private final long zoneBytes;
    private final long capacityBytes;
    /** Random jobs' blocks; made again at each new loop of a job with more bytes due (fio re-seeds). */
    private BlockPicker picker;
    private final Supplier<BlockPicker> pickers;
    private final boolean timeBased;
    private final SequentialSteps[] steps;
    private final RequestSizes[] sizes;
    private final long[] minBytes;
    private final SplittableRandom mix;
    private long issuedBytes;
    private long issuedCount;
    private long passes;
    /** New loops over the file started (fio's {@code clear_io_state}; a time-based wrap is none). */
    private long loops;
    /** The file was opened: fio's first {@code zbd_file_reset} came (at the first request). */
    private boolean opened;
    private boolean pending;
    private boolean pendingWrite;
    private boolean pendingTrim;
    private long pendingOffset;
    private long pendingLength;
    private boolean ended;
    /** The job verifies: a new loop's zone resets wait for the loop before it to be read back. */
    private final boolean verifying;
    /**
     * A verifying job's new loop is counted and its first request drawn ({@link #drawn}), but the loop has not begun:
     * fio's {@code zbd_file_reset} comes when the file is opened again, after the verify phase, and only when
     * {@code keep_running} asks for the loop. The next {@link #more} begins it.
     */
    private boolean loopDue;
    private boolean drawnWrite;
    private boolean drawnTrim;
    private int drawnDirection;
    private long drawnBlock;
    private long drawnOffset;
    private long drawnLength;
    /** Where the last sequential write ended (fio's {@code last_pos}), absolute; -1 before the first. */
    private long lastWriteEnd = -1;

    /**
     * @param book the file's zones, shared with every job on it
     */
    ZonedSource(JobSpec spec, WorkerPlan plan, IoFile file, long countLimit, ZoneBook book) {
        Access a = spec.access();
        EmulatedZones z = a.emulatedZones();
        RwMode rw = spec.workload().rw();
        long seed = spec.workload().seed() + plan.worker();
        this.file = file;
        this.unit = spec.workload().blockSize();
        this.zoneBytes = z.zoneBytes();
        this.capacityBytes = book.capacityBytes(); // the first job's on the file, as fio's zone info
        long start = plan.regionStart();
        long length = plan.regionLength();
        long budget = plan.byteBudget();
        if (rw.writes() || rw.trims()) { // fio's zbd_zone_align_file_sizes: a job that is no reader works on whole zones
            long alignedStart = (start + zoneBytes - 1) / zoneBytes * zoneBytes;
            long alignedEnd = (start + length) / zoneBytes * zoneBytes;
            if (alignedEnd <= alignedStart) {
                throw new InvalidJobException("size", length, "holds no whole zone of zonesize=" + zoneBytes
                        + " from offset " + start + " (fio: \"io_size must be at least one zone\")");
            }
            if (budget == length) {
                budget = alignedEnd - alignedStart;
            }
            start = alignedStart;
            length = alignedEnd - alignedStart;
        }
        this.regionStart = start;
        this.regionLength = length;
        this.byteBudget = budget;
        this.zones = book.job(z, start, length, rw.random(), spec.verification().fio() != null);
        this.countLimit = countLimit;
        this.readPercent = spec.workload().mixReadPercent();
        this.mixed = rw.mixed();
        this.reads = rw.reads();
        this.writes = rw.writes();
        this.trims = rw.trims();
        this.verifying = spec.verification().fio() != null;
        EngineDescription e = spec.engine();
        this.trimResets = trims && !e.has(EngineFlag.TRIMS_FILES) && !e.has(EngineFlag.DISKLESS)
                && !e.has(EngineFlag.NO_DATA);
        FioDraws draws = a.draws();
        this.sizes = draws == null ? new RequestSizes[] {new RequestSizes(a.sizes(false, unit), seed * 17 + 1),
                new RequestSizes(a.sizes(true, unit), seed * 17 + 2)}
                : new RequestSizes[] {RequestSizes.fio(a.sizes(false, unit), draws.readSizesStart(), draws.wideSizes()),
                        RequestSizes.fio(a.sizes(true, unit), draws.writeSizesStart(), draws.wideSizes())};
        this.minBytes = new long[] {a.sizes(false, unit).minBytes(), a.sizes(true, unit).minBytes()};
        if (rw.random() && draws != null && a.distribution().uniform()
                && a.offsets().kind() != RandomOffsets.Kind.OWN) {
            // fio's blocks and map (rw_min_bs bits), a request marked from where it was drawn as fio marks it
            long bits = Math.max(1, length / draws.mapBlockBytes());
            long last = Math.max(1, length / unit);
            this.pickers = () -> BlockPickers.fio(a.offsets(), a.randomMap(), bits, last);
            this.picker = pickers.get();
            this.steps = null;
        } else if (rw.random()) {
            long blocks = Math.max(1, length / unit);
            this.pickers = () -> BlockPickers.of(a.distribution(), a.randomMap() && a.distribution().uniform(),
                    blocks, unit, seed, a.offsets());
            this.picker = pickers.get();
            this.steps = null;
        } else {
            this.pickers = null;
            this.picker = null;
            this.steps = new SequentialSteps[] {new SequentialSteps(length, a.skipBytes()),
                    new SequentialSteps(length, a.skipBytes())};
        }
        this.mix = new SplittableRandom(seed * 31);
        this.again = spec.timing().loopRegion() || a.ioBytes() > 0;
        this.timeBased = spec.timing().loopRegion();
    }

    /**
     * True while a request is ready. At a verifying job's new loop it says true once before the loop's first request
     * is placed (the loop is counted, {@link #loops}); the call after that begins the loop and may say false (fio's
     * fill fails at the new loop's first request).
     */
    @Override
    public boolean more() {
        if (loopDue) {
            loopDue = false;
            zones.newLoop(); // fio's td_io_open_file at the new loop: zbd_file_reset
            ended = !place(drawnWrite, drawnTrim, drawnDirection, drawnBlock, drawnOffset, drawnLength);
            return pending;
        }
        if (!pending && !ended && issuedBytes < byteBudget && (countLimit == 0 || issuedCount < countLimit)) {
            ended = !fill();
        }
        return pending || loopDue;
    }

    @Override
    public void next(IoRequest r) {
        if (!more()) {
            throw new IllegalStateException("no zoned request left");
        }
        pending = false;
        r.prepare(pendingTrim ? IoOp.TRIM : pendingWrite ? IoOp.WRITE : IoOp.READ, file, pendingOffset,
                pendingLength);
        issuedBytes += pendingLength;
        issuedCount++;
    }

    /** Draws and places the next request; false where fio's fill fails (the job is over). */
    private boolean fill() {
        if (!opened) {
            opened = true;
            if (writes) {
                zones.newLoop(); // fio's td_io_open_file: zbd_file_reset (a verifying job resets its zones)
            }
        }
        boolean write = writes && (!reads || mixed && mix.nextInt(100) >= readPercent);
        boolean trim = trims && !writes && !reads;
        if (!write && mixed && zones.readsNothingYet()) {
            write = true; // fio's zbd_adjust_ddir: nothing to read yet
        }
        int d = write || trim ? 1 : 0;
        long offset;
        long length;
        long block = -1;
        boolean newLoop = false;
        if (picker != null) {
            block = picker.next();
            if (block == BlockPicker.PASS_DONE) {
                if (timeBased) {
                    picker.newPass(); // fio's get_next_rand_block: the file reset, the generator going on
                    if (writes) {
                        zones.newLoop();
                    }
                } else if (again) {
                    picker = pickers.get(); // fio's new loop (io_size, loops): clear_io_state re-seeds
                    newLoop = true;
                    loops++;
                } else {
                    return false; // fio's map is used up: a size-based job is over (reads cut at a pointer)
                }
                passes++;
                block = picker.next();
            }
            offset = block * unit;
            length = sizes[d].next(regionLength - offset);
        } else {
            if (write && capacityBytes < zoneBytes) {
                skipToZoneEnd();
            }
            if (!again && steps[d].passOver(unit)) {
                return false;
            }
            long before = steps[d].passes();
            offset = steps[d].next(unit);
            long wrapped = steps[d].passes() - before;
            passes += wrapped;
            if (wrapped > 0 && !timeBased) { // fio's new loop (io_size, loops): the file opened again
                loops += wrapped;
                newLoop = true;
            }
            length = sizes[d].next(regionLength - offset);
        }
        if (length == 0) {
            length = unit;
        }
        if (newLoop && writes && verifying) { // placed once the loop begins (after the verify phase)
            loopDue = true;
            drawnWrite = write;
            drawnTrim = trim;
            drawnDirection = d;
            drawnBlock = block;
            drawnOffset = offset;
            drawnLength = length;
            return true;
        }
        if (newLoop && writes) {
            zones.newLoop();
        }
        return place(write, trim, d, block, offset, length);
    }

    /** fio's {@code zbd_adjust_block} for the request drawn at {@code offset} (relative): false where it finds none. */
    private boolean place(boolean write, boolean trim, int d, long block, long offset, long length) {
        long at = trim ? zones.placeTrim(regionStart + offset, length, trimResets)
                : write ? zones.placeWrite(regionStart + offset, length, minBytes[d])
                : zones.placeRead(regionStart + offset, length, minBytes[d]);
        if (at < 0) {
            return false;
        }
        length = zones.length();
        if (picker != null) {
            long units = length / unit;
            if (units > 1) { // the map marks where the request was drawn, with the length it got (fio)
                long marked = Math.min(length, picker.extend(block, units) * unit);
                if (marked < length && write) {
                    zones.shorten(marked); // fio's zbd_queue_io moves the pointer past what is issued
                }
                length = marked;
            }
        } else {
            steps[d].advance(at - regionStart, length);
            if (write) {
                lastWriteEnd = at + length;
            }
        }
        pending = true;
        pendingTrim = trim;
        pendingWrite = write;
        pendingOffset = at;
        pendingLength = length;
        return true;
    }

    /**
     * fio's {@code setup_zbd_zone_mode}: a sequential write whose last request ended at its zone's capacity goes on
     * at the zone's end.
     */
    private void skipToZoneEnd() {
        if (lastWriteEnd < 0) {
            return;
        }
        long zoneStart = lastWriteEnd / zoneBytes * zoneBytes;
        if (lastWriteEnd >= zoneStart + capacityBytes) {
            lastWriteEnd = zoneStart + zoneBytes;
            steps[1].advance(lastWriteEnd - regionStart, 0);
        }
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        zones.completed(r.op() == IoOp.WRITE, r.offset(), r.length());
        return false;
    }

    @Override
    public long passes() {
        return passes;
    }

    @Override
    public long loops() {
        return loops;
    }

    @Override
    public boolean skipsIo() {
        return trimResets;
    }

    /** A trim of an emulated zone: the zone was reset when it was placed, nothing goes to the file (fio). */
    @Override
    public boolean noIo(IoRequest r) {
        return r.op() == IoOp.TRIM;
    }

    @Override
    public long zoneResets() {
        return zones.resets();
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return (r.op() == IoOp.READ ? "read" : "write") + " at offset " + r.offset()
                + " transferred nothing: the target ended early (was it truncated underneath?)";
    }
}
