package org.iobench.workload;

import java.util.SplittableRandom;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.Access;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.verify.WorkerVerifier;
import org.iobench.workload.offsets.BlockPicker;
import org.iobench.workload.offsets.BlockPickers;
import org.iobench.workload.offsets.RequestSizes;
import org.iobench.workload.offsets.SequentialSteps;

/**
 * The requests of a job with a non-plain {@link Access}, drawn as fio draws them: the direction by the read share;
 * the size from the direction's range or split ({@link RequestSizes}), never past the region's end; random offsets
 * in units of the smallest size from the job's distribution, with fio's random map when it has one (a request of
 * several units is cut where the map says a unit was used; a full map starts a new pass); sequential offsets per
 * direction, with holes or backward steps ({@link SequentialSteps}). It ends when the worker's byte budget is
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
    private final BlockPicker picker;
    private final SequentialSteps[] steps;
    private final RequestSizes[] sizes;
    private final SplittableRandom mix;
    /** Sequential walks start over at the region's end: time-based, or more bytes due than one pass. */
    private final boolean again;
    private final boolean reads;
    private final boolean writes;
    /** Every request is a trim, on the write direction's offsets and sizes; with {@code writes}, fio's trimwrite. */
    private final boolean trims;
    private long issuedBytes;
    private long issuedCount;
    private long passes;

    /** Null when the job does not verify. */
    private final WorkerVerifier verifier;

    /**
     * @param countLimit this worker's share of {@code number_ios}; 0: none
     * @param verifier   the worker's side of {@code --verify} (a write-only job with fio's random map); null without
     */
    ShapedSource(JobSpec spec, WorkerPlan plan, IoFile file, long countLimit, WorkerVerifier verifier) {
        this(spec, plan, file, countLimit, verifier, plan.regionLength());
    }

    /**
     * @param walkBytes where a sequential walk with holes or zones wraps: fio walks the whole file from the region's
     *                  start (its {@code size} is the bytes it moves, not where it goes)
     */
    ShapedSource(JobSpec spec, WorkerPlan plan, IoFile file, long countLimit, WorkerVerifier verifier,
                 long walkBytes) {
        this.verifier = verifier;
        Access a = spec.access();
        RwMode rw = spec.workload().rw();
        long seed = spec.workload().seed() + plan.worker();
        this.file = file;
        this.regionStart = plan.regionStart();
        this.regionLength = plan.regionLength();
        this.unit = spec.workload().blockSize();
        this.byteBudget = plan.byteBudget();
        this.countLimit = countLimit;
        this.readPercent = spec.workload().mixReadPercent();
        this.mixed = rw.mixed();
        this.writesOnly = rw.writes() && !rw.reads();
        this.sizes = new RequestSizes[] {new RequestSizes(a.sizes(false, unit), seed * 17 + 1),
                new RequestSizes(a.sizes(true, unit), seed * 17 + 2)};
        if (rw.random()) {
            // fio: a non-uniform distribution has no random map
            this.picker = BlockPickers.of(a.distribution(), a.randomMap() && a.distribution().uniform(),
                    Math.max(1, regionLength / unit), unit, seed, a.offsets());
            this.steps = null;
        } else {
            this.picker = null;
            long walk = a.skipBytes() != 0 || a.zoneBytes() > 0 ? Math.max(regionLength, walkBytes) : regionLength;
            this.steps = new SequentialSteps[] {
                new SequentialSteps(walk, a.skipBytes(), a.zoneBytes(), a.zoneSkipBytes()),
                new SequentialSteps(walk, a.skipBytes(), a.zoneBytes(), a.zoneSkipBytes())};
        }
        this.mix = new SplittableRandom(seed * 31);
        this.again = spec.timing().loopRegion() || a.ioBytes() > 0;
        this.reads = rw.reads();
        this.writes = rw.writes();
        this.trims = rw.trims();
    }

    @Override
    public boolean more() {
        // fio ends a size-based sequential walk at the region's end, or where the next request has no room before
        // it, even with bytes left (holes)
        boolean ended = steps != null && !again && (reads && steps[0].passOver(unit)
                || (writes || trims) && steps[1].passOver(unit));
        return !ended && issuedBytes < byteBudget && (countLimit == 0 || issuedCount < countLimit);
    }

    @Override
    public void next(IoRequest r) {
        boolean read = !trims && !writesOnly && (!mixed || mix.nextInt(100) < readPercent);
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
