package org.iobench.workload;

import java.util.function.Supplier;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.Access;
import org.iobench.job.FioDraws;
import org.iobench.job.RandomOffsets;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.verify.WorkerVerifier;
import org.iobench.workload.offsets.BlockPicker;
import org.iobench.workload.offsets.FioRandomBlocks;
import org.iobench.workload.offsets.FioSkewed;
import org.iobench.workload.offsets.BlockPickers;
import org.iobench.workload.offsets.RequestSizes;
import org.iobench.workload.offsets.SequentialSteps;
import org.iobench.workload.offsets.StridedZones;

/**
 * The requests of a job with a non-plain {@link Access}, drawn as fio draws them: the direction by the read share;
 * the size from the direction's range or split ({@link RequestSizes}), never past the region's end; random offsets
 * in units of the smallest size from the job's distribution, with fio's random map when it has one (a request of
 * several units is cut where the map says a unit was used; a full map starts a new pass); sequential offsets per
 * direction, with holes or backward steps ({@link SequentialSteps}); fio's strided zones ({@link StridedZones}) keep
 * random requests, and sequential ones whose range is not the zone's size, within the current zone. It ends when the worker's byte budget is
 * issued (as fio, the last request is not cut to the budget, so a mix may overshoot it by less than one request)
 * or, with {@code number_ios}, after that many requests.
 */
final class ShapedSource implements RequestSource {
    private final IoFile file;
    private final long regionStart;
    private final long regionLength;
    private final long unit;
    private final long byteBudget;
    private final long countLimit;
    private final int readPercent;
    private final boolean mixed;
    private final boolean writesOnly;
    /** Random jobs' blocks; made again when fio starts a new loop over strided zones (it re-seeds). */
    private BlockPicker picker;
    private final Supplier<BlockPicker> pickers;
    private final boolean timeBased;
    private final SequentialSteps[] steps;
    /** Per direction; with fio's draws the array of {@link #job}, whose entries fio's new loop replaces. */
    private final RequestSizes[] sizes;
    /** The direction of each request of a mixed job: fio's ({@link FioDraws}) or iobench's own draws. */
    private final Directions directions;
    /**
     * fio's job-wide generators (directions, sizes, {@code random_state}) with fio's draws, else null: the job's own,
     * or shared with the other files of a job over several files ({@link #ownsJob} false).
     */
    private final FioJobDraws job;
    /** {@link #job} is this source's alone: its new loops start the job's generators again. */
    private final boolean ownsJob;
    /** fio resets the file and draws again where its map is full (a non-uniform file service over several files). */
    private final boolean resetWhenFull;
    /** fio's generators of directions and sizes and fio's units; null: iobench's own draws. */
    private final FioDraws draws;
    /** A uniformly random job's blocks as fio draws them, with {@code draws}; else null. */
    private FioRandomBlocks blocks;
    /** A zipf, pareto or normal job's ranges as fio draws them, with {@code draws}; else null. */
    private FioSkewed skewed;
    /** The smallest request of each direction (fio's {@code min_bs[ddir]}). */
    private final long[] minBytes;
    private final long maxBytes;
    private final long walkBytes;
    /** What fio starts again at each new loop over the file (fio's {@code clear_io_state}). */
    private final Runnable loopStart;
    /** Sequential walks start over at the region's end: time-based, or more bytes due than one pass. */
    private final boolean again;
    private final boolean reads;
    private final boolean writes;
    /** Every request is a trim, on the write direction's offsets and sizes; with {@code writes}, fio's trimwrite. */
    private final boolean trims;
    private long issuedBytes;
    private long issuedCount;
    private long passes;
    private long loops;
    /** A sequential walk's pass whose end {@link #more} counted as fio's new loop; -1: none. */
    private long announcedPass = -1;
    /** fio's strided zones for a random job, or a sequential one whose range differs from its size; else null. */
    private StridedZones zones;
    /** fio found no room for the next request (its file done, no loop or pass left): the job is over. */
    private boolean fioEnded;
    /**
     * fio's {@code total_bytes} where its engine queues requests (fio counts a loop's bytes only for those): a loop
     * ends once it issued this many; 0: a loop ends only where fio's file is done.
     */
    private final long loopCapBytes;
    /** {@code issuedBytes} when the current loop began. */
    private long loopFirstByte;

    /** Where the zones wrap, and past which fio ends the job: the file's end, relative to the region's start. */
    private final long zoneWalk;
    /** The next sequential place per direction within the zones, relative to the region's start. */
    private final long[] zonePos = new long[2];
    /** A strided request drawn by {@link #more} (fio fills it before it knows it fits): direction, offset, length. */
    private boolean pending;
    private int pendingDir;
    private long pendingOffset;
    private long pendingLength;
    /** fio found no place for the next request (past the file's end): the job is over. */
    private boolean zonesEnded;

    /** Null when the job does not verify. */
    private final WorkerVerifier verifier;
    /**
     * fio's rates of a mixed job ({@link #turnsWith}), null: none. With them a request is made only when the worker
     * asks for it ({@link #paceNext}), after its other waits, as fio's {@code get_io_u} comes after its thinktime.
     */
    private FioRates rates;
    /** The time {@link #paceNext} was asked at, and the wait its request's direction asks (µs). */
    private long paceNowNanos;
    private long paceWaitMicros;

    /**
     * @param countLimit this worker's share of {@code number_ios}; 0: none
     * @param verifier   the worker's side of {@code --verify} (a write-only job with fio's random map); null without
     * @param walkBytes  where a sequential walk with holes or zones wraps: fio walks the whole file from the region's
     *                   start (its {@code size} is the bytes it moves, not where it goes)
     */
    ShapedSource(JobSpec spec, WorkerPlan plan, IoFile file, long countLimit, WorkerVerifier verifier,
                 long walkBytes) {
        this(spec, plan, file, countLimit, verifier, walkBytes, null, false);
    }

    /**
     * @param shared fio's job-wide generators shared with the job's other files ({@link FioJobDraws}); null: the
     *               source makes its own (a job of one file)
     * @param resetWhenFull where fio's random map has no block left the file starts over and draws again, as in a
     *                      time-based job (fio's {@code get_next_rand_block} under a zipf, pareto or normal
     *                      {@code file_service_type})
     */
    ShapedSource(JobSpec spec, WorkerPlan plan, IoFile file, long countLimit, WorkerVerifier verifier,
                 long walkBytes, FioJobDraws shared, boolean resetWhenFull) {
        this.verifier = verifier;
        this.resetWhenFull = resetWhenFull;
        Access a = spec.access();
        RwMode rw = spec.workload().rw();
        long seed = spec.workload().seed() + plan.worker();
        this.file = file;
        this.regionStart = plan.regionStart();
        this.regionLength = plan.regionLength();
        this.unit = spec.workload().blockSize();
        this.byteBudget = plan.byteBudget();
        // fio 3.33 checks number_ios only where bytes end a job: a time-based job runs its time whatever it says
        this.countLimit = spec.timing().loopRegion() ? 0 : countLimit;
        this.readPercent = spec.workload().mixReadPercent();
        this.mixed = rw.mixed();
        this.writesOnly = rw.writes() && !rw.reads();
        this.draws = a.draws();
        this.ownsJob = shared == null;
        this.job = draws == null ? null : shared != null ? shared
                : FioJobDraws.of(spec, regionLength / draws.mapBlockBytes() > 0xFFFFFFFFL);
        this.sizes = job != null ? job.sizes : sizes(a, unit, seed);
        this.minBytes = new long[] {a.sizes(false, unit).minBytes(), a.sizes(true, unit).minBytes()};
        this.maxBytes = a.maxBytes(unit);
        this.walkBytes = Math.max(regionLength, walkBytes);
        this.directions = job == null ? Directions.own(readPercent, seed * 31) : job.directions;
        boolean strided = a.zoneBytes() > 0 && (rw.random() || a.zoneRangeBytes() != a.zoneBytes());
        this.zoneWalk = Math.max(regionLength, walkBytes);
        this.zones = strided ? new StridedZones(a.zoneBytes(), a.zoneRangeBytes(), a.zoneSkipBytes(), zoneWalk) : null;
        this.timeBased = spec.timing().loopRegion();
        this.loopCapBytes = loopCapBytes(spec);
        if (rw.random() && draws != null && !strided && a.distribution().uniform()
                && a.offsets().kind() != RandomOffsets.Kind.OWN) {
            // fio's blocks: the map (or the LFSR) in rw_min_bs units, each direction drawing in its own ba
            long bits = Math.max(1, regionLength / draws.mapBlockBytes());
            this.pickers = null;
            this.picker = null;
            this.blocks = FioRandomBlocks.of(a.offsets(), a.randomMap(), bits, job.random);
            this.steps = null;
        } else if (rw.random() && draws != null && a.distribution().uniform()
                && a.offsets().kind() != RandomOffsets.Kind.OWN) {
            // fio's blocks within one zone's range: the map in rw_min_bs bits, a request marked as fio marks it
            long bits = Math.max(1, a.zoneRangeBytes() / draws.mapBlockBytes());
            long last = Math.max(1, a.zoneRangeBytes() / unit);
            this.pickers = () -> BlockPickers.fio(a.offsets(), a.randomMap(), bits, last);
            this.picker = pickers.get();
            this.steps = null;
        } else if (rw.random() && draws != null && !strided && skewedKind(a.distribution()) != null
                && draws.rangeBytes() > 0) {
            // fio's zipf, pareto and normal states: one per file, over ranges of the smaller direction's size
            this.skewed = new FioSkewed(skewedKind(a.distribution()), Math.ceilDiv(regionLength, draws.rangeBytes()),
                    a.distribution().value(), a.distribution().center(), FioSkewed.start(
                            draws.fileName() != null ? draws.fileName() : file.path().toString(),
                            draws.threadNumber(), draws.repeatEachLoop(), a.offsets().start()));
            this.pickers = null;
            this.picker = null;
            this.steps = null;
        } else if (rw.random()) {
            // fio: a non-uniform distribution has no random map; with zones, the blocks are those of one range
            long blocks = Math.max(1, (strided ? a.zoneRangeBytes() : regionLength) / unit);
            this.pickers = () -> BlockPickers.of(a.distribution(), a.randomMap() && a.distribution().uniform(),
                    blocks, unit, seed, a.offsets());
            this.picker = pickers.get();
            this.steps = null;
        } else if (strided) {
            this.pickers = null;
            this.picker = null;
            this.steps = null;
        } else {
            this.pickers = null;
            this.picker = null;
            long walk = a.skipBytes() != 0 || a.zoneBytes() > 0 ? Math.max(regionLength, walkBytes) : regionLength;
            this.steps = new SequentialSteps[] {
                new SequentialSteps(walk, a.skipBytes(), a.zoneBytes(), a.zoneSkipBytes()),
                new SequentialSteps(walk, a.skipBytes(), a.zoneBytes(), a.zoneSkipBytes())};
        }
        this.again = spec.timing().loopRegion() || a.ioBytes() > 0;
        long loopWalk = a.skipBytes() != 0 || a.zoneBytes() > 0 ? Math.max(regionLength, walkBytes) : regionLength;
        long skip = a.skipBytes();
        long zoneBytes = a.zoneBytes();
        long zoneSkip = a.zoneSkipBytes();
        this.loopStart = () -> {
            loopFirstByte = issuedBytes;
            if (ownsJob) {
                job.newLoop(); // over several files, the job's loop starts them (ManyFilesSource)
            }
            if (blocks != null) {
                blocks.reset(); // the map cleared, the LFSR from its start (fio_file_reset at the file's open)
            }
            if (steps != null) {
                steps[0] = new SequentialSteps(loopWalk, skip, zoneBytes, zoneSkip);
                steps[1] = new SequentialSteps(loopWalk, skip, zoneBytes, zoneSkip);
            }
        };
        this.reads = rw.reads();
        this.writes = rw.writes();
        this.trims = rw.trims();
    }

    @Override
    public boolean more() {
        if (zones != null) {
            if (!pending && !zonesEnded && issuedBytes < byteBudget && (countLimit == 0 || issuedCount < countLimit)) {
                if (rates != null) {
                    return true; // made when the worker asks (paceNext)
                }
                fillStrided();
            }
            return pending;
        }
        if (draws != null) {
            if (!pending && !fioEnded && issuedBytes < byteBudget && (countLimit == 0 || issuedCount < countLimit)) {
                if (rates != null) {
                    return true;
                }
                fillFio();
            }
            return pending;
        }
        // fio ends a size-based sequential walk at the region's end, or where the next request has no room before
        // it, even with bytes left (holes)
        boolean ended = steps != null && !again && (reads && steps[0].passOver(unit)
                || (writes || trims) && steps[1].passOver(unit));
        boolean more = !ended && issuedBytes < byteBudget && (countLimit == 0 || issuedCount < countLimit);
        if (more && steps != null && again && !timeBased && !mixed) {
            SequentialSteps s = steps[trims || writesOnly ? 1 : 0];
            if (s.passOver(unit) && announcedPass != s.passes()) {
                announcedPass = s.passes(); // fio: the file is done, keep_running starts a new loop over it
                loops++;
            }
        }
        return more;
    }

    @Override
    public void next(IoRequest r) {
        if (zones != null || draws != null) {
            if (!more() || !pending) {
                throw new IllegalStateException("no request left");
            }
            pending = false;
            issue(r, pendingDir == 0, pendingOffset, pendingLength);
            return;
        }
        boolean read = direction() == 0;
        int d = read ? 0 : 1;
        long offset;
        long length;
        if (picker != null) {
            long b = picker.next();
            if (b == BlockPicker.PASS_DONE) {
                picker.newPass();
                passes++;
                b = picker.next();
            }
            offset = b * unit;
            length = sizes[d].next(regionLength - offset);
            if (length == 0) {
                length = unit;
            }
            long units = length / unit;
            if (units > 1) {
                length = Math.min(length, picker.extend(b, units) * unit);
            }
        } else {
            long before = steps[d].passes();
            offset = steps[d].next(unit);
            passes += steps[d].passes() - before;
            length = sizes[d].next(regionLength - offset);
            if (length == 0) {
                length = unit;
            }
            steps[d].advance(offset, length);
        }
        issue(r, read, offset, length);
    }

    private void issue(IoRequest r, boolean read, long offset, long length) {
        r.prepare(trims ? IoOp.TRIM : read ? IoOp.READ : IoOp.WRITE, file, regionStart + offset, length);
        if (!read && !trims && verifier != null && length == unit) {
            verifier.stamp(r.index(), regionStart + offset);
        }
        issuedBytes += length;
        issuedCount++;
    }

    @Override
    public long passes() {
        return passes;
    }

    @Override
    public long loops() {
        return loops;
    }

    /** fio's new loop now ({@code clear_io_state}), as {@link #fillFio} starts one at its loop's bytes. */
    @Override
    public boolean endLoop() {
        if (zones != null || picker != null) {
            return false; // strided zones and iobench's own random blocks start no loop of fio's
        }
        pending = false;
        loopStart.run();
        passes++;
        loops++;
        return true;
    }

    @Override
    public void rampEnded() {
        directions.rampEnded();
    }

    /**
     * The next request in fio's strided zones, as fio's {@code fill_io_u} makes it: the zone first
     * ({@link StridedZones#prepare}, resetting the map, the LFSR and the positions when fio resets the file), then
     * a block of the zone's range (random) or the direction's next place, wrapping at the range's end (sequential).
     * Where fio finds no request (the range's map used up between two resets, or a request past the file's end) its
     * file is done: a time-based job resets the file and draws again (random), a job with more bytes due
     * ({@code io_size}, {@code loops}) starts a new loop from the first zone with its generators started again, as
     * fio's {@code clear_io_state}; any other job ends there.
     */
    private void fillStrided() {
        int d = direction();
        for (int attempt = 0; attempt < 3 && !pending; attempt++) {
            if (placeStrided(d)) {
                return;
            }
            if (timeBased && picker != null && attempt == 0) {
                resetZone(zones.start()); // fio's get_next_rand_block: time-based, reset the file, draw again
                passes++; // and invalidate its cache (loop_cache_invalidate)
            } else if (again) {
                zones = zones.restarted(); // fio's new loop: the first zone, its bytes counted from 0
                loops++;
                if (pickers != null) {
                    picker = pickers.get();
                }
            } else {
                break;
            }
        }
        if (!pending) {
            zonesEnded = true;
        }
    }

    /** Resets fio's file at the zone starting at {@code zone}: positions at its start, a new pass of the map. */
    private void resetZone(long zone) {
        zonePos[0] = zone;
        zonePos[1] = zone;
        if (picker != null) {
            picker.newPass();
        }
    }

    /** One attempt of {@link #fillStrided}; false where fio's fill fails. */
    private boolean placeStrided(int d) {
        boolean reset = zones.prepare();
        long zone = zones.start();
        if (zones.newZone()) {
            zonePos[d] = zone;
        }
        if (zonePos[d] >= zone + zones.rangeBytes()) {
            zonePos[d] = zone;
        }
        if (reset) {
            resetZone(zone);
        }
        long offset;
        long length;
        if (picker != null) {
            long b = picker.next();
            if (b == BlockPicker.PASS_DONE) {
                return false;
            }
            offset = zone + b * unit;
            length = offset < zoneWalk ? sizes[d].next(zoneWalk - offset) : unit;
            if (length == 0) {
                length = unit;
            }
            long units = length / unit;
            if (units > 1) {
                length = Math.min(length, picker.extend(b, units) * unit);
            }
        } else {
            offset = zonePos[d];
            length = offset < zoneWalk ? sizes[d].next(zoneWalk - offset) : unit;
            if (length == 0) {
                length = unit;
            }
        }
        if (offset + length > zoneWalk) {
            return false; // fio: "exceeds file size"
        }
        if (picker == null) {
            zonePos[d] = offset + length;
        }
        zones.moved(length);
        directions.issued(d);
        pending = true;
        pendingDir = d;
        pendingOffset = offset;
        pendingLength = length;
        return true;
    }

    /**
     * fio's {@code total_bytes} of a loop where its engine queues requests ({@link FioDraws#loopBytes}); 0 where a
     * loop ends only where fio's files are done (an engine that completes each request in its call, a time-based
     * job, iobench's own draws).
     */
    static long loopCapBytes(JobSpec spec) {
        FioDraws draws = spec.access().draws();
        return draws != null && queues(spec) && !spec.timing().loopRegion() ? draws.loopBytes() : 0;
    }

    /** fio's {@code do_io} counts the job's requests as issued ({@code EngineDescription#queuesAt}). */
    static boolean queues(JobSpec spec) {
        return spec.queue().described().queuesAt(spec.queue().iodepth());
    }

    /** iobench's own size draws (a job without fio's draws). */
    private static RequestSizes[] sizes(Access a, long unit, long seed) {
        return new RequestSizes[] {new RequestSizes(a.sizes(false, unit), seed * 17 + 1),
                new RequestSizes(a.sizes(true, unit), seed * 17 + 2)};
    }

    /** fio's skewed state for a distribution, or null (uniform, zoned). */
    private static FioSkewed.Kind skewedKind(org.iobench.job.Distribution d) {
        return switch (d.kind()) {
            case ZIPF -> FioSkewed.Kind.ZIPF;
            case PARETO -> FioSkewed.Kind.PARETO;
            case NORMAL -> FioSkewed.Kind.NORMAL;
            default -> null;
        };
    }

    /**
     * The next request's direction: 0 read, 1 write (a trim job's trims take the write's place). With fio's rates
     * the drawn direction is turned as fio's {@code rate_ddir} turns it, and the turn is what fio's mix goes on from
     * ({@code td->rwmix_ddir}).
     */
    private int direction() {
        int d = trims || writesOnly ? 1 : !mixed ? 0 : directions.next();
        if (rates != null) {
            int turned = rates.choose(d, paceNowNanos);
            paceWaitMicros = rates.waitMicros();
            if (turned != d) {
                directions.turn(turned);
            }
            d = turned;
        }
        return d;
    }

    @Override
    public boolean turnsWith(FioRates r) {
        if (!mixed || draws == null && zones == null) {
            return false;
        }
        this.rates = r;
        return true;
    }

    @Override
    public long paceNext(long nowNanos) {
        if (!pending) {
            if (!more()) {
                return -1;
            }
            paceNowNanos = nowNanos;
            paceWaitMicros = 0;
            if (zones != null) {
                fillStrided();
            } else {
                fillFio();
            }
            return pending ? paceWaitMicros : -1;
        }
        return 0;
    }

    /**
     * The next request as fio's {@code fill_io_u} makes it with {@link FioDraws}: the direction, then the place and
     * the size. Where fio's random block draw finds none ({@code get_next_rand_block}), a time-based job resets the
     * file (the map, the LFSR) and draws again in the same direction. Where fio still finds no request (no block,
     * an offset past the region, no size that fits) its file is done and the loop over it ends: a time-based job
     * starts a new loop, and so does one whose {@code loops} are not all made or whose {@code io_size} is not done
     * (fio's {@code keep_running}), as fio's {@code clear_io_state} starts it (the generators from their starts with
     * {@code randrepeat}, the positions at the region's start, the map cleared) and draws again; any other job ends
     * there.
     */
    private void fillFio() {
        if (loopCapBytes > 0 && issuedBytes - loopFirstByte >= loopCapBytes) {
            // fio's do_io: the loop issued the job's size in queued requests; keep_running says if another starts
            if (!draws.anotherLoop(loops + 1, issuedBytes, maxBytes)) {
                fioEnded = true;
                return;
            }
            loopStart.run();
            passes++;
            loops++;
        }
        int d = direction();
        int placed = placeFio(d);
        if (placed == NO_BLOCK && (timeBased || resetWhenFull) && blocks != null) {
            blocks.reset(); // fio's get_next_rand_block: time-based, reset the file, draw again
            passes++;
            placed = placeFio(d);
        }
        if (placed == PLACED) {
            return;
        }
        if (timeBased || again && draws.anotherLoop(loops + 1, issuedBytes, maxBytes)) {
            loopStart.run();
            passes++;
            loops++;
            if (placeFio(direction()) == PLACED) {
                return;
            }
        }
        fioEnded = true;
    }

    /** {@link #placeFio}: a request was made. */
    private static final int PLACED = 0;
    /** {@link #placeFio}: fio's random map (or LFSR) had no block left. */
    private static final int NO_BLOCK = 1;
    /** {@link #placeFio}: a block or place was found, but no request fits there. */
    private static final int NO_ROOM = 2;

    /** One place of {@link #fillFio}: {@link #PLACED}, or why fio's {@code fill_io_u} fails. */
    private int placeFio(int d) {
        long min = minBytes[d];
        long offset;
        if (blocks != null) {
            long ba = draws.alignBytes(d == 1);
            long maxSize = regionLength - (min > ba ? min - ba : 0); // fio's last_block
            long last = maxSize / ba;
            long b = last < 1 ? FioRandomBlocks.NONE : blocks.next(last);
            if (b == FioRandomBlocks.NONE) {
                return NO_BLOCK;
            }
            offset = b * ba;
        } else if (skewed != null) {
            offset = skewed.next() * draws.alignBytes(d == 1); // fio's b * ba[ddir]
        } else if (picker != null) {
            long b = picker.next();
            if (b == BlockPicker.PASS_DONE) {
                if (!timeBased && !again) {
                    return NO_BLOCK;
                }
                picker.newPass();
                passes++;
                b = picker.next();
            }
            offset = b * unit;
        } else {
            if (!timeBased && steps[d].passOver(min)) {
                return NO_ROOM; // a time-based walk starts over at the region's start (fio's get_next_seq_offset)
            }
            long before = steps[d].passes();
            offset = steps[d].next(min);
            passes += steps[d].passes() - before;
        }
        if (offset >= regionLength) {
            return NO_ROOM;
        }
        long length = sizes[d].next(regionLength - offset);
        if (length == 0 || offset + length > walkBytes) {
            return NO_ROOM; // fio: no size fits, or past the file's end
        }
        if (blocks != null && blocks.mapped()) { // fio's mark_random_map: cut where a block was used
            long set = blocks.mark(offset / min, Math.ceilDiv(length, min));
            length = Math.min(length, set * min);
        } else if (picker != null && length / unit > 1) {
            length = Math.min(length, picker.extend(offset / unit, length / unit) * unit);
        } else if (steps != null) {
            steps[d].advance(offset, length);
        }
        directions.issued(d);
        pending = true;
        pendingDir = d;
        pendingOffset = offset;
        pendingLength = length;
        return PLACED;
    }

    /** fio's trimwrite: a trimmed block is written next, on the same request (the budget counted it once). */
    @Override
    public boolean completed(IoRequest r, long bytes) {
        if (r.op() == IoOp.TRIM && writes) {
            r.prepare(IoOp.WRITE, file, r.offset(), r.length());
            return true;
        }
        return false;
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return (r.op() == IoOp.READ ? "read" : "write") + " at offset " + r.offset()
                + " transferred nothing: the target ended early (was it truncated underneath?)";
    }
}
