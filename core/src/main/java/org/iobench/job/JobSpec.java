package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.nio.file.Path;
import java.util.Objects;
import org.iobench.catalog.EngineCatalog;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;

/**
 * One benchmark job, immutable: what to run against which target, in a few parts named for what they hold. Made
 * from the command line, a job file or a dd command line; every front end goes through {@link #builder} so the
 * defaults live in one place, and the checks across parts in this constructor.
 *
 * <p>Its JSON form is flat, as formatVersion 1 has always written it ({@link JobSpecJson}).
 *
 * @param name         a short name for reports ({@code "seq-write-1m"}); never null
 * @param target       a file, a directory (an iobench-owned file is made inside) or a block device
 * @param workload     what is read and written: pattern, region, data
 * @param timing       how long, how often and how fast
 * @param queue        workers, queue depth, engine
 * @param durability   O_DIRECT, syncs, the page cache before a run
 * @param safety       consent to overwrite, what is kept or cut
 * @param copy         a copy's source; {@link Copy#NONE} for other jobs
 * @param verification {@code --verify}; {@link Verification#NONE} when off
 * @param grouping     the sweep or search series and the parallel group the job belongs to
 * @param access       request sizes, random map, distribution, holes and I/O limits beyond the workload's one block
 *                     size ({@link Access#DEFAULT} for a plain job)
 * @param layout       how a file the job creates is laid out ({@link Layout#DEFAULT}: iobench's rule)
 * @param logs         fio's I/O logs to write; null: none
 * @param schedule     start delay, pauses, flow shares and a rate floor ({@link Schedule#NONE}: none)
 * @param burn         what an engine that burns CPU ({@code cpuio}) burns per request; null for other engines
 * @param program      what an engine that runs a program ({@code exec}) runs; null for other engines
 * @param priorities   the job's I/O priorities (fio's {@code prioclass}/{@code prio}, {@code cmdprio_*}); null: none
 * @param fileOps      the files of fio's {@code filecreate}, {@code filestat} and {@code filedelete} engines; null for
 *                     other engines
 * @param replay       a recorded log the job replays request by request (fio's {@code read_iolog}); null: the job
 *                     draws its own requests
 * @param net          the other end of a job on a network engine (fio's {@code net}); null for other engines
 * @param buffers      what a fio job's write buffers hold, as fio makes them ({@link FioBuffers}); null: iobench's
 *                     own data ({@link Workload#pattern()}), each buffer filled once
 * @param files        the files of a data job over several files (fio's {@code nrfiles}, {@code filename=a:b:c});
 *                     null for a job of one file ({@link #target()} is then its file, else the first of them)
 */
public record JobSpec(String name, Path target, Workload workload, Timing timing, Queue queue,
                      Durability durability, Safety safety, Copy copy, Verification verification,
                      Grouping grouping, Access access, Layout layout, LogSpec logs,
                      Schedule schedule, CpuBurn burn, ExecProgram program, Priorities priorities,
                      FileOps fileOps, Replay replay, NetLink net, FioBuffers buffers, JobFiles files) {

    public static final long DEFAULT_NEW_FILE_SIZE = 1L << 30;
    public static final long MAX_BLOCK_SIZE = 1L << 30;
    /**
     * The most workers one job asks for (--threads, fio's numjobs): what any machine may be asked; the machine
     * running it may allow fewer (session.MachineBounds, from its heap, memory and kernel tasks).
     */
    public static final int MAX_THREADS = 4096;
    /** The most requests one worker keeps in flight (--iodepth); the machine's memory may allow fewer. */
    public static final int MAX_IODEPTH = 4096;

    public JobSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(safety, "safety");
        Objects.requireNonNull(workload.rw(), "rw");
        Objects.requireNonNull(durability.sync(), "sync");
        Objects.requireNonNull(workload.pattern(), "pattern");
        Objects.requireNonNull(queue.engine(), "engine");
        copy = copy == null ? Copy.NONE : copy;
        verification = verification == null ? Verification.NONE : verification;
        grouping = grouping == null ? Grouping.NONE : grouping;
        access = access == null ? Access.DEFAULT : access;
        layout = layout == null ? Layout.DEFAULT : layout;
        schedule = schedule == null ? Schedule.NONE : schedule;
        if (name == null || name.isBlank()) {
            name = workload.rw().label() + "-" + Sizes.binary(workload.blockSize());
        }
        check(workload, timing, queue, durability, safety, copy, verification);
        EngineDescription engine = queue.described();
        check(burn == null || engine.has(EngineFlag.BURNS_CPU), "cpuload", burn,
                "applies to the " + engines(EngineFlag.BURNS_CPU, "and") + " engine only");
        check(program == null || engine.has(EngineFlag.RUNS_PROGRAM), "program", program,
                "applies to the " + engines(EngineFlag.RUNS_PROGRAM, "and") + " engine only");
        check(priorities == null || !priorities.perRequest() || engine.has(EngineFlag.PER_REQUEST_PRIORITY),
                "cmdprio", queue.engine(), "per-request priorities need the "
                        + engines(EngineFlag.PER_REQUEST_PRIORITY, "or") + " engine");
        check(fileOps == null || engine.has(EngineFlag.WORKS_ON_FILES), "nrfiles",
                fileOps == null ? 0 : fileOps.count(), "several files per job are supported with the "
                        + engines(EngineFlag.WORKS_ON_FILES, "and") + " engines only");
        check(files == null || files.paths().getFirst().equals(target), "filename", target,
                "a job over several files names its first one as its target");
        check(files == null || engine.storesData() && !engine.has(EngineFlag.WORKS_ON_FILES)
                        && !engine.has(EngineFlag.NETWORK), "nrfiles", files == null ? 0 : files.count(),
                "several files per job need an engine that reads and writes data");
        check(files == null || queue.threads() == 1, "--threads", queue.threads(),
                "a job over several files is one worker's (fio's clones are jobs of their own)");
        supported(files == null || workload.rw() != RwMode.COPY && replay == null && !verification.checksum().enabled()
                        && workload.offsetBytes() == 0 && !layout.fillDevice(),
                "nrfiles", files == null ? 0 : files.count(), "several files per job are not supported with a copy,"
                        + " a replayed log, iobench's own --verify, offset= or fill_device yet");
        supported(files == null || durability.fsyncEvery() == 0 || engine.has(EngineFlag.SYNC)
                        && verification.fio() == null, "nrfiles", files == null ? 0 : files.count(),
                "several files per job with fsync= are supported with the " + EngineCatalog.names(EngineCatalog
                        .installed().with(EngineFlag.SYNC).stream().filter(e -> e.storesData()
                                && !e.has(EngineFlag.WORKS_ON_FILES) && !e.has(EngineFlag.NETWORK)).toList(), "or")
                        + " engine, without verify, not yet with " + queue.engine()
                        + (verification.fio() != null ? " and verify" : ""));
        check(files == null || !queue.submission().registerFiles() || files.openFiles() == files.count(),
                "openfiles", files == null ? 0 : files.openFiles(), "registered files need every file open at once"
                        + " (openfiles=nrfiles), as fio's io_uring requires");
        check(net == null || engine.has(EngineFlag.NETWORK), "port", net == null ? 0 : net.port(),
                "applies to the " + engines(EngineFlag.NETWORK, "and") + " engine only");
        check(net != null || !engine.has(EngineFlag.NETWORK), "--engine", queue.engine(),
                "needs the other end of its connection (a job file's port=, hostname=, listen)");
        check(replay == null || queue.threads() == 1, "--threads", queue.threads(),
                "a replayed log is one worker's requests (each clone replays its own)");
        check(replay == null || workload.rw() != RwMode.COPY && fileOps == null && !verification.checksum().enabled()
                        && verification.fio() == null, "read_iolog", replay == null ? "" : replay.log(),
                "replays the log's requests: not with a copy, file operations or verification");
        check(logs == null || queue.threads() == 1, "--threads", queue.threads(),
                "fio's logs are written per job of one worker (a clone)");
        check(access.isDefault() || workload.rw() != RwMode.COPY, "--rw", "copy",
                "copies one block size from start to end");
        check(access.isDefault() || !verification.checksum().enabled()
                        || access.shape().equals(Access.DEFAULT.withRandomMap()) && queue.threads() == 1, "--verify",
                verification.checksum().label(), "is not supported with mixed request sizes, a distribution, holes,"
                        + " I/O limits, or a random map shared by several workers yet");
        check(access.maxBytes(workload.blockSize()) <= MAX_BLOCK_SIZE, "--bs", access.maxBytes(workload.blockSize()),
                "must be between 1 and 1GiB");
    }

    /** The installed engines with {@code flag}, named for a message. */
    private static String engines(EngineFlag flag, String conjunction) {
        return EngineCatalog.names(EngineCatalog.installed().with(flag), conjunction);
    }

    /** The checks of one job, across its parts; the first that fails names its option. */
    private static void check(Workload w, Timing t, Queue q, Durability d, Safety s, Copy c, Verification v) {
        RwMode rw = w.rw();
        long blockSize = w.blockSize();
        long sizeBytes = w.sizeBytes();
        long timeNanos = t.timeNanos();
        SteadyCriterion steady = t.steady();
        check(blockSize >= 1 && blockSize <= MAX_BLOCK_SIZE, "--bs", blockSize, "must be between 1 and 1GiB");
        check(sizeBytes >= 0, "--size", sizeBytes, "must not be negative");
        check(sizeBytes == 0 || sizeBytes >= blockSize || w.exactSize(), "--size", sizeBytes,
                "is smaller than the block size " + blockSize);
        check(w.offsetBytes() >= 0, "--offset", w.offsetBytes(), "must not be negative");
        check(w.mixReadPercent() >= 0 && w.mixReadPercent() <= 100, "--mix", w.mixReadPercent(), "must be 0..100");
        check(timeNanos >= 0, "--time", timeNanos, "must not be negative");
        check(t.rampNanos() >= 0, "--ramp", t.rampNanos(), "must not be negative");
        check(q.threads() >= 1 && q.threads() <= MAX_THREADS, "--threads", q.threads(), "must be 1.." + MAX_THREADS);
        check(q.iodepth() >= 1 && q.iodepth() <= MAX_IODEPTH, "--iodepth", q.iodepth(), "must be 1.." + MAX_IODEPTH);
        check(q.batch() >= 1 && q.batch() <= q.iodepth(), "--batch", q.batch(),
                "must be 1..iodepth (" + q.iodepth() + ")");
        // --reap-min/--reap-max above the depth are capped by the worker at what is in flight, as fio caps them.
        check(!q.submission().polledCompletions() || d.direct(), "--hipri", "on",
                "polls for completions of direct I/O only; add --direct");
        check(!q.submission().polledCompletions() || d.fsyncEvery() == 0 && d.sync() == SyncMode.NONE, "--hipri",
                "on", "polled completions take reads and writes only, not the syncs of --fsync-every/--sync");
        check(d.fsyncEvery() >= 0, "--fsync-every", d.fsyncEvery(), "must not be negative");
        check(t.runs() >= 1 && t.runs() <= 10_000, "--runs", t.runs(), "must be 1..10000");
        check(steady == null || timeNanos > 0, "--steady", steady == null ? "" : steady.label(),
                "ends a time-based run early; give --time as the longest it may run");
        check(rw != RwMode.COPY || c.source() != null, "--source", "(none)", "a copy job needs --source PATH");
        check(rw == RwMode.COPY || c.source() == null, "--source", c.source(), "applies to --rw copy only");
        if (rw == RwMode.COPY) {
            check(q.threads() == 1, "--threads", q.threads(), "a copy runs one worker; run parallel copies as a group");
            check(q.iodepth() == 1, "--iodepth", q.iodepth(), "a copy keeps one request in flight");
            check(t.rampNanos() == 0, "--ramp", t.rampNanos(), "is not supported for --rw copy");
            check(t.rate() == null, "--rate", t.rate() == null ? "" : t.rate().label(),
                    "is not supported for --rw copy");
            check(steady == null, "--steady", steady == null ? "" : steady.label(),
                    "is not supported for --rw copy");
        }
        check(c.sourceOffsetBytes() >= 0, "skip", c.sourceOffsetBytes(), "must not be negative");
        check(!s.truncate() || rw.writes(), "truncate", rw, "applies to jobs that write");
        check(!(d.sync().everyWrite() && !rw.writes()), "--sync", d.sync(),
                "applies to writes; " + rw + " writes nothing");
        check(!rw.trims() || !v.checksum().enabled(), "--verify", v.checksum().label(),
                rw + " discards blocks, which --verify does not check yet");
        VerifyChecksum.check(v.checksum(), v.after(), rw, blockSize, q.threads(), q.iodepth());
    }

    private static void check(boolean ok, String option, Object value, String why) {
        if (!ok) {
            throw new InvalidJobException(option, value, why);
        }
    }

    /** As {@link #check}, for what fio runs and iobench cannot yet: iobench's own refusal (exit 2 under iobench fio). */
    private static void supported(boolean ok, String option, Object value, String why) {
        if (!ok) {
            throw new UnsupportedJobException(option + " " + value + ": " + why);
        }
    }

    /** The flat JSON form (formatVersion 1). */
    @JsonValue
    JobSpecJson json() {
        return JobSpecJson.of(this);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static JobSpec fromJson(JobSpecJson json) {
        return json.toSpec();
    }

    /** The read share as a fraction: 1 for read-only jobs, 0 for write-only ones. */
    public double readFraction() {
        RwMode rw = workload.rw();
        if (!rw.mixed()) {
            return rw.reads() ? 1.0 : 0.0;
        }
        return workload.mixReadPercent() / 100.0;
    }

    public boolean timeBased() {
        return timing.timeBased();
    }

    /** What the job's engine is ({@link Queue#described()}): read its flags, not its name. */
    public EngineDescription engine() {
        return queue.described();
    }

    /**
     * False when the engine moves no data to or from storage ({@code --engine null}; {@link EngineFlag#DISKLESS}):
     * the target is then not opened, and the run is a measure of iobench itself.
     */
    public boolean storesData() {
        return queue.described().storesData();
    }

    public static Builder builder(Path target) {
        return new Builder(target);
    }

    public Builder toBuilder() {
        return new Builder(this);
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
        private String engine = EngineCatalog.installed().defaultEngine().name();
        private EngineDescription described;
        private boolean fixedBuffers;
        private Submission submission = Submission.DEFAULT;
        private boolean direct;
        private SyncMode sync = SyncMode.NONE;
        private int fsyncEvery;
        private int runs = 1;
        private boolean dropCache;
        private boolean dropCacheEachPass;
        private AccessAdvice advice;
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
        private FioVerify fioVerify;
        private Access access = Access.DEFAULT;
        private Layout layout = Layout.DEFAULT;
        private LogSpec logs;
        private Schedule schedule = Schedule.NONE;
        private CpuBurn burn;
        private ExecProgram program;
        private Priorities priorities;
        private FileOps fileOps;
        private Replay replay;
        private NetLink net;
        private FioBuffers buffers;
        private JobFiles files;

        private Builder(Path target) {
            this.target = target;
        }

        private Builder(JobSpec s) {
            this(s.target());
            name = s.name();
            Workload w = s.workload();
            rw = w.rw(); mixReadPercent = w.mixReadPercent(); blockSize = w.blockSize(); sizeBytes = w.sizeBytes();
            offsetBytes = w.offsetBytes(); pattern = w.pattern(); seed = w.seed(); exactSize = w.exactSize();
            Timing t = s.timing();
            timeNanos = t.timeNanos(); rampNanos = t.rampNanos(); runs = t.runs(); loopRegion = t.loopRegion();
            rate = t.rate(); steady = t.steady();
            Queue q = s.queue();
            threads = q.threads(); iodepth = q.iodepth(); batch = q.batch(); engine = q.engine();
            described = q.described();
            fixedBuffers = q.fixedBuffers();
            submission = q.submission();
            Durability d = s.durability();
            direct = d.direct(); sync = d.sync(); fsyncEvery = d.fsyncEvery(); dropCache = d.dropCache();
            dropCacheEachPass = d.dropCacheEachPass();
            advice = d.advice();
            allowOverwrite = s.safety().allowOverwrite(); keep = s.safety().keep(); truncate = s.safety().truncate();
            source = s.copy().source(); sourceOffsetBytes = s.copy().sourceOffsetBytes();
            verify = s.verification().checksum(); verifyAfter = s.verification().after();
            fioVerify = s.verification().fio();
            series = s.grouping().series(); group = s.grouping().group();
            access = s.access();
            layout = s.layout();
            logs = s.logs();
            schedule = s.schedule();
            burn = s.burn();
            program = s.program();
            priorities = s.priorities();
            fileOps = s.fileOps();
            replay = s.replay();
            net = s.net();
            buffers = s.buffers();
            files = s.files();
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
        public Builder engine(String v) { engine = v; described = null; return this; }
        /** The engine {@code d} describes: for an engine of a registry of one's own (tests). */
        public Builder engine(EngineDescription d) { engine = d.name(); described = d; return this; }
        public Builder fixedBuffers(boolean v) { fixedBuffers = v; return this; }
        public Builder submission(Submission v) { submission = v == null ? Submission.DEFAULT : v; return this; }
        public Submission submission() { return submission; }
        public Builder direct(boolean v) { direct = v; return this; }
        public Builder sync(SyncMode v) { sync = v; return this; }
        public Builder fsyncEvery(int v) { fsyncEvery = v; return this; }
        public Builder runs(int v) { runs = v; return this; }
        public Builder dropCache(boolean v) { dropCache = v; return this; }
        public Builder dropCacheEachPass(boolean v) { dropCacheEachPass = v; return this; }
        /** The access pattern announced at each open of the job's files (fio's {@code fadvise_hint}); null: none. */
        public Builder advice(AccessAdvice v) { advice = v; return this; }
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
        /** fio's verify (a fio job file's {@code verify=}), null for none. */
        public Builder fioVerify(FioVerify v) { fioVerify = v; return this; }
        public Builder access(Access v) { access = v; return this; }
        public Builder layout(Layout v) { layout = v; return this; }
        public Builder logs(LogSpec v) { logs = v; return this; }
        public Builder schedule(Schedule v) { schedule = v; return this; }
        public Builder burn(CpuBurn v) { burn = v; return this; }
        public Builder program(ExecProgram v) { program = v; return this; }
        public Builder priorities(Priorities v) { priorities = v; return this; }
        public Builder fileOps(FileOps v) { fileOps = v; return this; }
        public Builder replay(Replay v) { replay = v; return this; }
        public Builder net(NetLink v) { net = v; return this; }
        /** fio's buffer contents (a fio job file's), null for iobench's own. */
        public Builder buffers(FioBuffers v) { buffers = v; return this; }
        /** The files of a job over several files; null for one file. */
        public Builder files(JobFiles v) { files = v; return this; }

        public JobSpec build() {
            return new JobSpec(name, target,
                    new Workload(rw, mixReadPercent, blockSize, sizeBytes, offsetBytes, pattern, seed, exactSize),
                    new Timing(timeNanos, rampNanos, runs, loopRegion, rate, steady),
                    new Queue(threads, iodepth, batch, engine, fixedBuffers, described, submission),
                    new Durability(direct, sync, fsyncEvery, dropCache, dropCacheEachPass, advice),
                    new Safety(allowOverwrite, keep, truncate),
                    source == null && sourceOffsetBytes == 0 ? Copy.NONE : new Copy(source, sourceOffsetBytes),
                    new Verification(verify, verifyAfter, fioVerify), new Grouping(series, group), access, layout, logs, schedule, burn,
                    program, priorities, fileOps, replay, net, buffers, files);
        }
    }
}
