package org.iobench.job;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One benchmark job, immutable: what to run against which target. Made from the command line, a job file or a
 * dd command line; every front end goes through {@link #builder} so the defaults live in one place.
 *
 * @param name            a short name for reports ({@code "seq-write-1m"}); never null
 * @param target          a file, a directory (an iobench-owned file is made inside) or a block device
 * @param rw              the access pattern
 * @param mixReadPercent  share of reads in a mixed job, 0..100
 * @param blockSize       bytes per request
 * @param sizeBytes       bytes of the target region, and of I/O for a size-based job; 0 = the file's or device's
 *                        size, or 1 GiB for a new file
 * @param offsetBytes     where the region starts in the target
 * @param timeNanos       time limit of the measured phase; 0 = size-based only
 * @param rampNanos       warm-up before measuring, not counted
 * @param threads         workers on the one target
 * @param iodepth         requests in flight per worker
 * @param batch           requests gathered per submission (async engines)
 * @param engine          engine name ({@code psync}, {@code uring}, {@code libaio}, {@code null})
 * @param fixedBuffers    register buffers and files with the kernel (io_uring)
 * @param direct          O_DIRECT
 * @param sync            durability mode
 * @param fsyncEvery      an fsync after every N writes of a worker; 0 = never
 * @param runs            repetitions
 * @param dropCache       evict the target's cached pages before each run
 * @param pattern         data written
 * @param allowOverwrite  consent to write to an existing file or a block device
 * @param keep            keep a file iobench created
 * @param seed            seed of the random offsets and data, so runs are repeatable
 * @param series          label shared by the points of a sweep ({@code "bs=4k..1m"}) or of a saturation search,
 *                        so stores can group them; {@code ""} outside a series
 * @param group           label of the parallel group the job runs in ({@code "dd2"}); {@code ""} when it runs alone
 * @param source          the file or device a {@link RwMode#COPY} job reads; null for other jobs
 * @param sourceOffsetBytes where a copy starts reading in {@code source} (dd's {@code skip})
 * @param truncate        cut an existing target file at {@code offsetBytes} before each run (dd without
 *                        {@code conv=notrunc}); needs {@code allowOverwrite} like any write to an existing file
 * @param exactSize       transfer exactly {@code sizeBytes} (or the whole region) even where that is not a multiple
 *                        of the block size: the last request is short, as dd's last partial record
 * @param loopRegion      a time-based job goes over its region again and again until the time is up, even with an
 *                        explicit size (fio's {@code time_based}); without it, size and time both limit the job
 * @param verify          stamp every written block with a header and a payload checksum (docs/verify.md)
 * @param verifyAfter     read every written block back after the run and check it (outside the measured time)
 * @param rate            the job's requested rate (all workers together), paced on a fixed schedule; null = as
 *                        fast as possible
 * @param steady          end a time-based run early once throughput is steady; null = run the whole time
 */
public record JobSpec(
        String name, Path target, RwMode rw, int mixReadPercent, long blockSize, long sizeBytes, long offsetBytes,
        long timeNanos, long rampNanos, int threads, int iodepth, int batch, String engine, boolean fixedBuffers,
        boolean direct, SyncMode sync, int fsyncEvery, int runs, boolean dropCache, DataPattern pattern,
        boolean allowOverwrite, boolean keep, long seed, String series, String group, Path source,
        long sourceOffsetBytes, boolean truncate, boolean exactSize, boolean loopRegion, VerifyChecksum verify,
        boolean verifyAfter, RateLimit rate, SteadyCriterion steady) {

    public static final long DEFAULT_NEW_FILE_SIZE = 1L << 30;
    public static final long MAX_BLOCK_SIZE = 1L << 30;

    public JobSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(rw, "rw");
        Objects.requireNonNull(sync, "sync");
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(engine, "engine");
        series = series == null ? "" : series;
        group = group == null ? "" : group;
        verify = verify == null ? VerifyChecksum.NONE : verify;
        if (name == null || name.isBlank()) {
            name = rw.label() + "-" + Sizes.binary(blockSize);
        }
        check(blockSize >= 1 && blockSize <= MAX_BLOCK_SIZE, "--bs", blockSize, "must be between 1 and 1GiB");
        check(sizeBytes >= 0, "--size", sizeBytes, "must not be negative");
        check(sizeBytes == 0 || sizeBytes >= blockSize || exactSize, "--size", sizeBytes,
                "is smaller than the block size " + blockSize);
        check(offsetBytes >= 0, "--offset", offsetBytes, "must not be negative");
        check(mixReadPercent >= 0 && mixReadPercent <= 100, "--mix", mixReadPercent, "must be 0..100");
        check(timeNanos >= 0, "--time", timeNanos, "must not be negative");
        check(rampNanos >= 0, "--ramp", rampNanos, "must not be negative");
        check(threads >= 1 && threads <= 4096, "--threads", threads, "must be 1..4096");
        check(iodepth >= 1 && iodepth <= 4096, "--iodepth", iodepth, "must be 1..4096");
        check(batch >= 1 && batch <= iodepth, "--batch", batch, "must be 1..iodepth (" + iodepth + ")");
        check(fsyncEvery >= 0, "--fsync-every", fsyncEvery, "must not be negative");
        check(runs >= 1 && runs <= 10_000, "--runs", runs, "must be 1..10000");
        check(steady == null || timeNanos > 0, "--steady", steady == null ? "" : steady.label(),
                "ends a time-based run early; give --time as the longest it may run");
        check(steady == null || steady.windowNanos() <= timeNanos, "--steady-window",
                steady == null ? "" : Durations.format(java.time.Duration.ofNanos(steady.windowNanos())),
                "is longer than --time " + Durations.format(java.time.Duration.ofNanos(timeNanos))
                        + ": steady state could never be seen");
        check(rw != RwMode.COPY || source != null, "--source", "(none)", "a copy job needs --source PATH");
        check(rw == RwMode.COPY || source == null, "--source", source, "applies to --rw copy only");
        if (rw == RwMode.COPY) {
            check(threads == 1, "--threads", threads, "a copy runs one worker; run parallel copies as a group");
            check(iodepth == 1, "--iodepth", iodepth, "a copy keeps one request in flight");
            check(rampNanos == 0, "--ramp", rampNanos, "is not supported for --rw copy");
            check(rate == null, "--rate", rate == null ? "" : rate.label(), "is not supported for --rw copy");
            check(steady == null, "--steady", steady == null ? "" : steady.label(),
                    "is not supported for --rw copy");
        }
        check(sourceOffsetBytes >= 0, "skip", sourceOffsetBytes, "must not be negative");
        check(!truncate || rw.writes(), "truncate", rw, "applies to jobs that write");
        check(!(sync == SyncMode.DSYNC && !rw.writes()), "--sync", "dsync", "applies to writes; " + rw + " writes nothing");
        VerifyChecksum.check(verify, verifyAfter, rw, blockSize, threads, iodepth);
    }

    private static void check(boolean ok, String option, Object value, String why) {
        if (!ok) {
            throw new InvalidJobException(option, value, why);
        }
    }

    /** The read share as a fraction: 1 for read-only jobs, 0 for write-only ones. */
    public double readFraction() {
        if (!rw.mixed()) {
            return rw.reads() ? 1.0 : 0.0;
        }
        return mixReadPercent / 100.0;
    }

    public boolean timeBased() {
        return timeNanos > 0;
    }

    public static Builder builder(Path target) {
        return new Builder(target);
    }

    /**
     * False when the engine moves no data to or from storage ({@code --engine null}; see {@link EngineKinds}): the
     * target is then not opened, and the run is a measure of iobench itself.
     */
    public boolean storesData() {
        return EngineKinds.storesData(engine);
    }

    public Builder toBuilder() {
        Builder b = new Builder(target);
        b.name = name; b.rw = rw; b.mixReadPercent = mixReadPercent; b.blockSize = blockSize;
        b.sizeBytes = sizeBytes; b.offsetBytes = offsetBytes; b.timeNanos = timeNanos; b.rampNanos = rampNanos;
        b.threads = threads; b.iodepth = iodepth; b.batch = batch; b.engine = engine;
        b.fixedBuffers = fixedBuffers; b.direct = direct; b.sync = sync; b.fsyncEvery = fsyncEvery; b.runs = runs;
        b.dropCache = dropCache; b.pattern = pattern; b.allowOverwrite = allowOverwrite; b.keep = keep;
        b.seed = seed; b.series = series; b.group = group; b.source = source;
        b.sourceOffsetBytes = sourceOffsetBytes; b.truncate = truncate; b.exactSize = exactSize;
        b.loopRegion = loopRegion;
        b.seed = seed;
        b.verify = verify; b.verifyAfter = verifyAfter;
        b.rate = rate; b.steady = steady;
        return b;
    }

    /** Builder with iobench's defaults: sequential read, 1 MiB blocks, one psync worker, one run. */
    public static final class Builder {
        private Path target;
        private String name;
        private RwMode rw = RwMode.READ;
        private int mixReadPercent = 50;
        private long blockSize = 1L << 20;
        private long sizeBytes;
        private long offsetBytes;
        private long timeNanos;
        private long rampNanos;
        private int threads = 1;
        private int iodepth = 1;
        private int batch = 1;
        private String engine = "psync";
        private boolean fixedBuffers;
        private boolean direct;
        private SyncMode sync = SyncMode.NONE;
        private int fsyncEvery;
        private int runs = 1;
        private boolean dropCache;
        private DataPattern pattern = DataPattern.ZERO;
        private boolean allowOverwrite;
        private boolean keep;
        private long seed = 0x10BE4C4L;
        private String series = "";
        private RateLimit rate;
        private SteadyCriterion steady;
        private String group = "";
        private Path source;
        private long sourceOffsetBytes;
        private boolean truncate;
        private boolean exactSize;
        private boolean loopRegion;
        private VerifyChecksum verify = VerifyChecksum.NONE;
        private boolean verifyAfter;

        private Builder(Path target) {
            this.target = target;
        }

        public Builder target(Path v) { target = v; return this; }
        public Builder name(String v) { name = v; return this; }
        public Builder rw(RwMode v) { rw = v; return this; }
        public Builder mixReadPercent(int v) { mixReadPercent = v; return this; }
        public Builder blockSize(long v) { blockSize = v; return this; }
        public Builder sizeBytes(long v) { sizeBytes = v; return this; }
        public Builder offsetBytes(long v) { offsetBytes = v; return this; }
        public Builder timeNanos(long v) { timeNanos = v; return this; }
        public Builder rampNanos(long v) { rampNanos = v; return this; }
        public Builder threads(int v) { threads = v; return this; }
        public Builder iodepth(int v) { iodepth = v; return this; }
        public Builder batch(int v) { batch = v; return this; }
        public Builder engine(String v) { engine = v; return this; }
        public Builder fixedBuffers(boolean v) { fixedBuffers = v; return this; }
        public Builder direct(boolean v) { direct = v; return this; }
        public Builder sync(SyncMode v) { sync = v; return this; }
        public Builder fsyncEvery(int v) { fsyncEvery = v; return this; }
        public Builder runs(int v) { runs = v; return this; }
        public Builder dropCache(boolean v) { dropCache = v; return this; }
        public Builder pattern(DataPattern v) { pattern = v; return this; }
        public Builder allowOverwrite(boolean v) { allowOverwrite = v; return this; }
        public Builder keep(boolean v) { keep = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder series(String v) { series = v; return this; }
        public Builder rate(RateLimit v) { rate = v; return this; }
        public Builder steady(SteadyCriterion v) { steady = v; return this; }
        public Builder group(String v) { group = v; return this; }
        public Builder source(Path v) { source = v; return this; }
        public Builder sourceOffsetBytes(long v) { sourceOffsetBytes = v; return this; }
        public Builder truncate(boolean v) { truncate = v; return this; }
        public Builder exactSize(boolean v) { exactSize = v; return this; }
        public Builder loopRegion(boolean v) { loopRegion = v; return this; }
        public Builder verify(VerifyChecksum v) { verify = v; return this; }
        public Builder verifyAfter(boolean v) { verifyAfter = v; return this; }

        public JobSpec build() {
            return new JobSpec(name, target, rw, mixReadPercent, blockSize, sizeBytes, offsetBytes, timeNanos,
                    rampNanos, threads, iodepth, batch, engine, fixedBuffers, direct, sync, fsyncEvery, runs,
                    dropCache, pattern, allowOverwrite, keep, seed, series, group, source, sourceOffsetBytes, truncate,
                exactSize, loopRegion, verify, verifyAfter, rate, steady);
        }
    }
}
