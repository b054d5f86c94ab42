package org.iobench.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.engine.CpuWork;
import org.iobench.engine.EngineInput;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.ExecWork;
import org.iobench.engine.FileOpWork;
import org.iobench.engine.IoEngine;
import org.iobench.engine.PeerReached;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.QueueSetup;
import org.iobench.engine.SocketWork;
import org.iobench.job.AccessAdvice;
import org.iobench.job.DataPattern;
import org.iobench.job.DirectionRates;
import org.iobench.job.FioVerify;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.NetLink;
import org.iobench.job.RwMode;
import org.iobench.job.Submission;
import org.iobench.measure.RequestLog;
import org.iobench.result.IoFailure;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.SysException;
import org.iobench.verify.FioWorkerVerifier;
import org.iobench.verify.RunVerification;
import org.iobench.verify.WorkerVerifier;
import org.iobench.workload.offsets.FioTausworthe;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.zbd.ZoneBook;
import org.iobench.workload.zbd.ZonedModel;

/**
 * The workers of one run and everything they hold: per worker an engine of the job's kind, the files it opened
 * through it, {@code iodepth} aligned buffers and the request source (a {@link MixSource}, a {@link CopySource}
 * for a copy, a {@link ReplaySource} for a replayed log). {@link #closeFiles} closes the files through their engines once the workers are done, checking
 * close; {@link #close} frees whatever is left, whatever happened.
 */
final class WorkerSet implements AutoCloseable {
    /** Paths that are never opened: a copy from it reads nothing and leaves the buffer as it is. */
    static final Path DEV_ZERO = Path.of("/dev/zero");

    final List<Worker> workers = new ArrayList<>();
    private final List<IoEngine> engines = new ArrayList<>();
    /** The sources of jobs over several files, which open and close their files as they go. */
    private final List<ManyFilesSource> manySources = new ArrayList<>();
    /** Per engine, the files opened through it. */
    private final List<List<IoFile>> files = new ArrayList<>();
    private final List<NativeBuffer> buffers = new ArrayList<>();
    /** The job's target as each worker opened it; the first one answers for the file's cache state. */
    private final List<IoFile> targets = new ArrayList<>();
    /** The bytes the measured phase moves before it ends by size, all workers; -1 when it ends by time only. */
    private long plannedBytes;

    private WorkerSet() {}

    /**
     * Makes the run's workers, each with its engine, files and buffers; nothing is left open when it fails.
     *
     * @param verification the run's {@code --verify}, null without it
     */
    static WorkerSet open(JobSpec spec, PreparedTarget target, EngineProvider provider, WorkerSetup setup,
                          RunShared run, RunVerification verification) throws IOException {
        WorkerSet set = new WorkerSet();
        try {
            if (spec.workload().rw() == RwMode.COPY) {
                set.addCopier(spec, target, provider, setup, run);
            } else {
                AccessPattern pattern = AccessPattern.of(spec);
                for (WorkerPlan plan : WorkerPlan.split(spec, target.regionBytes(), target.sizeExplicit())) {
                    set.addWorker(spec, target, provider, setup, run, pattern, plan, verification);
                }
            }
            return set;
        } catch (IOException | RuntimeException e) {
            set.close();
            throw e;
        }
    }

    private void addWorker(JobSpec spec, PreparedTarget target, EngineProvider provider, WorkerSetup setup,
                           RunShared run, AccessPattern pattern, WorkerPlan plan, RunVerification verification)
            throws IOException {
        int id = plan.worker();
        List<NativeBuffer> mine = buffers(spec, target, id, spec.queue().iodepth());
        IoEngine engine = engine(provider, new EngineOptions(spec.queue().iodepth(), spec.queue().batch(), mine,
                spec.queue().fixedBuffers(), spec.net() != null ? socketWork(spec, id) : input(spec), run.clock(),
                queueSetup(spec.queue().submission())));
        ManyFilesSource many = spec.files() == null ? null : manyFiles(spec, target, engine, run, id);
        IoFile file = many != null ? many.first() : open(engine, advised(engine, spec, target,
                target.open(engine, spec), plan.regionStart(), plan.regionLength()));
        targets.add(file);
        plan(spec.replay() != null ? spec.replay().bytes() : many != null ? jobBudget(spec) : plan.byteBudget());
        RequestSource source = many != null ? many : spec.replay() != null ? replay(spec, file, run)
                : spec.fileOps() != null
                ? new FileOpSource(file, spec.workload().rw().writes() ? IoOp.WRITE : IoOp.READ,
                        spec.fileOps().count(), spec.workload().blockSize())
                : spec.burn() != null || spec.program() != null
                ? new CpuSource(file, spec.workload().blockSize())
                : spec.access().emulatedZones() != null
                ? new ZonedSource(spec, plan, file, share(spec.access().ioCount(), spec.queue().threads(), id),
                        zoneBook(spec, target, plan, run))
                : dataSource(spec, pattern, plan, file, share(spec.access().ioCount(), spec.queue().threads(), id),
                        verification == null ? null : verification.forWorker(id, mine), fileBytes(target)
                                - plan.regionStart());
        boolean data = spec.fileOps() == null && spec.burn() == null && spec.program() == null;
        if (data) {
            source = withFioBuffers(spec, source, fioFill(spec), mine, run.clock());
        }
        if (spec.verification().fio() != null && data) {
            if (many != null) {
                many.holdLoops(); // each loop's verify phase comes before the next loop's requests
            }
            source = fioVerify(spec, source, many != null ? many : VerifyFiles.of(file), mine,
                    many != null ? spec.files().paths() : List.of(target.path()),
                    many != null ? spec.files().sizes().stream().mapToLong(Long::longValue).sum()
                            : plan.regionLength(), run.clock());
        }
        if (spec.layout().fillDevice()) {
            source = new FillingSource(source);
        }
        if (spec.net() != null) {
            source = new StreamSource(source);
        }
        Worker w = new Worker(setup, new WorkerIo(id, engine, requests(mine), file), source, run);
        workers.add(w);
        w.rates = rates(spec);
        // fio's invalidate: each new pass over the region reads from the device again (O_DIRECT has no cache to drop)
        w.dropCacheEachPass = spec.durability().dropCacheEachPass() && !spec.durability().direct();
        if (setup.requestLog() != null) { // fio opens its write_iolog as it sets the job up, before any I/O
            w.requestLog = new RequestLog(setup.requestLog(), run.clock().nanoTime());
            if (many != null) {
                many.logTo(w.requestLog, run.clock(), spec.files().paths());
            }
        }
    }

    /** A fio job's rates per direction for one worker ({@link FioRates}), null without. */
    private static FioRates rates(JobSpec spec) {
        DirectionRates r = spec.schedule().rates();
        if (r == null || spec.replay() != null) {
            return null;
        }
        long bs = spec.workload().blockSize();
        RwMode rw = spec.workload().rw();
        return new FioRates(r, new long[] {spec.access().sizes(false, bs).minBytes(),
                spec.access().sizes(true, bs).minBytes()}, rw.reads() && rw.writes(), spec.workload().mixReadPercent());
    }

    /**
     * The source of a job over several files ({@link ManyFilesSource}): the first {@code openfiles} files opened
     * through the worker's engine now, before the start, each file its own source over its own region.
     */
    private ManyFilesSource manyFiles(JobSpec spec, PreparedTarget target, IoEngine engine, RunShared run, int id)
            throws IOException {
        List<PreparedTarget> members = target.files();
        JobFiles jf = spec.files();
        ManyFilesSource many = manyFilesSource(spec, engine, i -> advised(engine, spec, members.get(i),
                members.get(i).open(engine, spec), spec.workload().offsetBytes(), jf.sizes().get(i)), run.control(),
                id);
        manySources.add(many);
        many.openFirst();
        return many;
    }

    /**
     * The request source of a job over several files, its files opened by {@code opener} (none yet: its
     * {@link ManyFilesSource#openFirst} opens them); the warm-up makes the same one over {@code /dev/zero}, so that
     * the loop it compiles is the run's.
     */
    static ManyFilesSource manyFilesSource(JobSpec spec, IoEngine engine, ManyFilesSource.Opener opener,
                                           RunControl control, int id) {
        JobFiles jf = spec.files();
        FioJobDraws shared = jobDraws(spec, jf);
        ManyFilesSource many = new ManyFilesSource(jf, jobBudget(spec), spec.queue().iodepth(), engine, opener,
                (i, f) -> fileSource(spec, jf, i, f, shared), control, id,
                spec.access().ioBytes() > 0 && !spec.timing().loopRegion(),
                spec.access().maxBytes(spec.workload().blockSize()));
        if (shared != null) {
            many.eachLoop(shared::newLoop);
        }
        long loopCap = ShapedSource.loopCapBytes(spec);
        if (spec.access().draws() != null) { // fio's total_bytes: size, lowered to the files' total (setup_files)
            many.fioLoops(spec.access().draws(), loopCap == 0 ? 0 : Math.max(loopCap, spec.workload().sizeBytes()));
        }
        return many;
    }

    /** The job's bytes over all its files ({@code Long.MAX_VALUE}: until its time is up). */
    private static long jobBudget(JobSpec spec) {
        return WorkerPlan.split(spec, spec.workload().sizeBytes(), true).getFirst().byteBudget();
    }

    /**
     * File {@code i}'s own source: its region from its start and its bytes (fio's per-file {@code io_size}; under a
     * time-based job, until the time is up).
     */
    private static RequestSource fileSource(JobSpec spec, JobFiles jf, int i, IoFile file, FioJobDraws shared) {
        JobSpec one = jf.fileSpec(spec, i).toBuilder().seed(spec.workload().seed() + i * 0x9E3779B97F4A7C15L).build();
        long size = jf.sizes().get(i);
        WorkerPlan plan = WorkerPlan.split(one, size, true).getFirst();
        if (shared == null) {
            return dataSource(one, AccessPattern.of(one), plan, file, 0, null, size);
        }
        // fio's file ends where its fill finds no request (its map full, its end reached), never by its bytes: the
        // job's bytes end the job
        WorkerPlan endless = new WorkerPlan(plan.worker(), plan.regionStart(), plan.regionLength(), Long.MAX_VALUE);
        return new ShapedSource(one, endless, file, 0, null, size, shared, jf.service().kind().nonUniform());
    }

    /**
     * fio's job-wide generators for a job over several files, shared by its files' sources (fio draws every file's
     * directions, sizes and random blocks from the job's {@code thread_data}); null for a job without fio's draws.
     */
    private static FioJobDraws jobDraws(JobSpec spec, JobFiles jf) {
        if (spec.access().isDefault() || spec.access().draws() == null) {
            return null;
        }
        long mapBlock = spec.access().draws().mapBlockBytes();
        boolean wide = jf.sizes().stream().anyMatch(size -> size / mapBlock > 0xFFFFFFFFL);
        return FioJobDraws.of(spec, wide);
    }

    /**
     * The request source of a read, write or mixed job's worker: a {@link MixSource}, or a {@link ShapedSource} for
     * fio's shaping options (the warm-up makes the same one, so that the loop it compiles is the run's).
     *
     * @param ioCount   the worker's share of {@code number_ios}, 0: no limit
     * @param walkBytes how far past the region's start a walk with holes or zones may go
     */
    static RequestSource dataSource(JobSpec spec, AccessPattern pattern, WorkerPlan plan, IoFile file, long ioCount,
                                    WorkerVerifier verifier, long walkBytes) {
        return spec.access().isDefault() ? new MixSource(pattern, plan, file, spec.queue().iodepth(), verifier)
                : new ShapedSource(spec, plan, file, ioCount, verifier, walkBytes);
    }

    /** A replayed log's requests (fio's {@code read_iolog}) on the worker's file. */
    private static RequestSource replay(JobSpec spec, IoFile file, RunShared run) {
        if (!spec.replay().hasRequests()) { // a job read back from stored results names its log, holds none of it
            throw new InvalidJobException("read_iolog", spec.replay().log(),
                    "this job was read back from results, without the log's requests: run the job file again");
        }
        return new ReplaySource(spec.replay().requests(), spec.replay().stalls(), file, run.clock());
    }

    /** fio's verify around a worker's requests, with fio's verify generator started where fio starts it. */
    /** @param sizeBytes the job's bytes over its files: fio's {@code size} as its {@code do_io} counts it */
    private static RequestSource fioVerify(JobSpec spec, RequestSource source, VerifyFiles files,
                                           List<NativeBuffer> buffers, List<Path> paths, long sizeBytes,
                                           NanoClock clock) {
        FioVerify v = spec.verification().fio();
        RwMode rw = spec.workload().rw();
        java.util.function.Supplier<java.util.function.LongSupplier> seeds = () -> {
            FioTausworthe headerRandom = v.wideSeeds() ? FioTausworthe.of64(v.seedStart())
                    : FioTausworthe.of32(v.seedStart());
            return headerRandom::next;
        };
        boolean oneSize = spec.access().readSizes() == null && spec.access().writeSizes() == null;
        FioWorkerVerifier verifier = new FioWorkerVerifier(v, buffers, seeds, WorkerSet::wallNanos, paths,
                rw.random() && spec.access().randomMap(), rw.reads() && rw.writes(),
                rw.writes() && oneSize && !spec.timeBased());
        return new FioVerifySource(source, verifier, files, spec.queue().iodepth(), v.afterWrites(),
                rw.reads() && !rw.writes(), spec.timing().loopRegion(), v.only() ? new IoRequest(0, buffers.getFirst())
                : null, v.loops(), v.ioSize(), spec.access().maxBytes(spec.workload().blockSize()),
                verifyLoopCap(spec, sizeBytes), clock);
    }

    /**
     * fio's {@code total_bytes} of a time-based verifying job whose engine queues ({@code do_io}): the job's size,
     * {@code io_size} when larger for random writes without the random map, the size again for a writer's
     * {@code verify_backlog} reads; 0 for any other job (its loops end where its files are done).
     */
    static long verifyLoopCap(JobSpec spec, long sizeBytes) {
        FioVerify v = spec.verification().fio();
        RwMode rw = spec.workload().rw();
        if (v == null || v.only() || !spec.timing().loopRegion() || spec.replay() != null
                || !ShapedSource.queues(spec)) {
            return 0;
        }
        long total = sizeBytes;
        if (rw.writes() && rw.random() && !spec.access().randomMap()) {
            total = Math.max(total, v.ioSize());
        }
        if (rw.writes() && v.backlog() > 0) {
            total += sizeBytes;
        }
        return total;
    }

    /** The wall clock in ns since the epoch: fio's headers carry the write's time. */
    private static long wallNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** The engine's own input from the job's parts for it (cpuio's burn, exec's program, the file engines' files). */
    private static EngineInput input(JobSpec spec) {
        if (spec.burn() != null) {
            return new CpuWork(spec.burn().qsort(), spec.burn().chunkNanos());
        }
        return spec.program() != null ? execWork(spec) : fileOpWork(spec);
    }

    /** A network engine's other end for worker {@code id}: fio's clone N uses the job's port + N. */
    private static SocketWork socketWork(JobSpec spec, int id) {
        NetLink n = spec.net();
        return new SocketWork(n.datagrams(), n.hostIpv4(), n.port() + id, n.listen(), spec.workload().rw().writes(),
                n.pingpong(), n.nodelay(), n.ttl(), n.interfaceIpv4(), n.windowBytes(), n.mssBytes(),
                spec.workload().sizeBytes(), n.multicast());
    }

    /** The exec engine's program, its output in {@code NAME.stdout} and {@code NAME.stderr} unless told otherwise. */
    private static ExecWork execWork(JobSpec spec) {
        if (spec.program() == null) {
            return null;
        }
        boolean redirect = spec.program().redirect();
        return new ExecWork(spec.program().command(), redirect ? Path.of(spec.name() + ".stdout") : null,
                redirect ? Path.of(spec.name() + ".stderr") : null, spec.program().graceNanos());
    }

    /** What the engine sets up in the kernel for the job's {@code submission} (reaping is the worker's). */
    static QueueSetup queueSetup(Submission submission) {
        return submission.setsUpQueue() ? new QueueSetup(submission.registerFiles(), submission.submitThread(),
                submission.submitThreadCpu(), submission.polledCompletions()) : QueueSetup.NONE;
    }

    /** The files of a file-operation engine (fio's filecreate, filestat, filedelete); null for other jobs. */
    private static FileOpWork fileOpWork(JobSpec spec) {
        return spec.fileOps() == null ? null : new FileOpWork(spec.fileOps().files(), spec.fileOps().layoutBytes(),
                spec.fileOps().stat(), spec.safety().allowOverwrite(), spec.safety().keep());
    }

    /** A copy: one worker, one request, reading the source and writing the target through one engine. */
    private void addCopier(JobSpec spec, PreparedTarget target, EngineProvider provider, WorkerSetup setup,
                           RunShared run) throws IOException {
        List<NativeBuffer> mine = buffers(spec, target, 0, 1);
        IoEngine engine = engine(provider, new EngineOptions(1, 1, mine, spec.queue().fixedBuffers(), null,
                run.clock()));
        boolean zero = spec.copy().source().equals(DEV_ZERO);
        IoFile source = zero ? null : open(engine, engine.open(spec.copy().source(),
                OpenMode.READ.withDirect(spec.durability().direct())));
        IoFile file = open(engine, target.open(engine, spec));
        targets.add(file);
        long budget = spec.workload().sizeBytes() > 0 ? spec.workload().sizeBytes() : Long.MAX_VALUE;
        if (target.kind() == PreparedTarget.Kind.BLOCK_DEVICE) {
            budget = Math.min(budget, target.regionBytes());
        } else if (zero && spec.workload().sizeBytes() == 0) {
            budget = target.regionBytes(); // /dev/zero never ends: fill the region
        }
        plan(budget <= 0 || spec.timeBased() ? Long.MAX_VALUE : budget);
        CopySource copy = new CopySource(source, file, spec.copy().sourceOffsetBytes(),
                spec.workload().offsetBytes(), spec.workload().blockSize(),
                budget);
        workers.add(new Worker(setup, new WorkerIo(0, engine, requests(mine), file), copy, run));
    }

    private List<NativeBuffer> buffers(JobSpec spec, PreparedTarget target, int worker, int count) {
        List<NativeBuffer> mine = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NativeBuffer b = NativeBuffer.allocate(spec.access().maxBytes(spec.workload().blockSize()),
                    target.bufferAlignment());
            buffers.add(b);
            mine.add(b);
            if (spec.workload().pattern() == DataPattern.RANDOM && !fioFills(spec)) {
                b.fillRandom(spec.workload().seed() ^ (worker * 1_000_003L + i));
            }
        }
        return mine;
    }

    /** The job's buffers are filled as fio fills them ({@link FioBufferSource}). */
    static boolean fioFills(JobSpec spec) {
        return spec.buffers() != null && spec.verification().fio() == null && spec.workload().rw() != RwMode.COPY;
    }

    /** A worker's fill of fio's buffer contents; null when the job does not ask for them ({@link #fioFills}). */
    static FioBufferFill fioFill(JobSpec spec) {
        return fioFills(spec) ? new FioBufferFill(spec.buffers()) : null;
    }

    /**
     * {@code source} as a data worker of {@code spec} runs it over {@code buffers}: in a {@link FioBufferSource} when
     * the job fills its buffers as fio does ({@code fill} from {@link #fioFill}; a verifying job's writes are its
     * verify's data), else as it is. The warm-up wraps its source here too, so that it compiles the run's loop.
     */
    static RequestSource withFioBuffers(JobSpec spec, RequestSource source, FioBufferFill fill,
                                        List<NativeBuffer> buffers, NanoClock clock) {
        // a new loop comes only with fio's draws (loops, io_size, a time-based job's refills), which know randrepeat
        boolean restart = spec.access().draws() != null && spec.access().draws().repeatEachLoop();
        return fill == null ? source : new FioBufferSource(source, spec.buffers(), fill, buffers,
                spec.workload().rw().writes(), restart, clock);
    }

    /** The target file's bytes (0 for anything else): how far a walk with holes or zones may go, as in fio. */
    private static long fileBytes(PreparedTarget target) {
        try {
            return target.kind() == PreparedTarget.Kind.FILE ? Files.size(target.path()) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The emulated zones of the job's file (fio's {@code zonemode=zbd}), shared by every job of the run on it: over
     * the file's size, or the device's (its region's end where the kernel does not say). A zoned block device is refused: its zones are the device's own.
     */
    private static ZoneBook zoneBook(JobSpec spec, PreparedTarget target, WorkerPlan plan, RunShared run) {
        long bytes = target.kind() == PreparedTarget.Kind.FILE ? fileBytes(target)
                : ZonedModel.bytes(target.path(), plan.regionStart() + plan.regionLength()); // fio: the whole device
        String model = null;
        if (target.kind() == PreparedTarget.Kind.BLOCK_DEVICE) {
            model = ZonedModel.reported(target.path());
            if (model != null && !model.equals("none")) {
                throw new InvalidJobException("zonemode", "zbd", target.path() + " is a zoned block device ("
                        + model + "): iobench emulates zones only on files and devices that are not zoned");
            }
        }
        return run.control().zoneBooks().of(target.path(), model, spec.access().emulatedZones(), bytes);
    }

    /** Worker {@code id}'s share of {@code total} requests among {@code workers}; 0 stays 0 (no limit). */
    private static long share(long total, int workers, int id) {
        return total == 0 ? 0 : total / workers + (id < total % workers ? 1 : 0);
    }

    private static IoRequest[] requests(List<NativeBuffer> buffers) {
        IoRequest[] requests = new IoRequest[buffers.size()];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = new IoRequest(i, buffers.get(i));
        }
        return requests;
    }

    private IoEngine engine(EngineProvider provider, EngineOptions options) throws IOException {
        IoEngine engine = provider.create(options);
        engines.add(engine);
        files.add(new ArrayList<>());
        return engine;
    }

    /** Records {@code file}, opened through the latest engine, for closing. */
    private IoFile open(IoEngine engine, IoFile file) {
        files.get(engines.indexOf(engine)).add(file);
        return file;
    }

    /**
     * {@code file}, just opened for a worker, told the job's access pattern when the job announces one (fio's
     * {@code fadvise_hint} at each open, {@code td_io_open_file}: a regular file or a block device, over the worker's
     * region of it). The kernel's refusal changes nothing, as in fio.
     */
    private static IoFile advised(IoEngine engine, JobSpec spec, PreparedTarget target, IoFile file, long offset,
                                  long length) {
        AccessAdvice advice = spec.durability().advice();
        if (advice != null && target.kind() != PreparedTarget.Kind.NONE) {
            engine.adviseAccess(file, advice == AccessAdvice.RANDOM, offset, length);
        }
        return file;
    }

    /** Adds a worker's byte budget ({@code Long.MAX_VALUE}: none) to {@link #plannedBytes()}. */
    private void plan(long budgetBytes) {
        plannedBytes = budgetBytes == Long.MAX_VALUE || plannedBytes < 0 ? -1 : plannedBytes + budgetBytes;
    }

    /** The bytes the measured phase transfers before it ends by size, all workers; -1 when it ends by time only. */
    long plannedBytes() {
        return plannedBytes;
    }

    /** The target as the first worker opened it. */
    IoFile target() {
        return targets.getFirst();
    }

    /**
     * Closes every file through its engine, after the workers ended and outside the measured time. Close's own error
     * (a write-back error some filesystems report only there) stops the run as an I/O error would.
     */
    /**
     * Waits for each worker's other end ({@link IoEngine#awaitPeer}: a connection accepted or made, a datagram
     * receiver's open message), on the job's thread after its start delay and before its measured window starts;
     * {@link PeerReached#STOPPED} when the run was stopped or failed meanwhile (a failure to reach the other end stops
     * the run, named), {@link PeerReached#TIME_STARTS_NOW} when any worker's time starts after its wait.
     */
    PeerReached awaitPeers(RunControl control) {
        PeerReached all = PeerReached.REACHED;
        for (int i = 0; i < engines.size(); i++) {
            try {
                PeerReached r = engines.get(i).awaitPeer(targets.get(i), control::stopped);
                if (r == PeerReached.STOPPED) {
                    return r;
                }
                if (r == PeerReached.TIME_STARTS_NOW) {
                    all = r;
                }
            } catch (SysException e) {
                control.fail(new IoFailure(i, "connect", 0, 0, e.errno(), Errno.name(e.errno()), e.getMessage()));
                return PeerReached.STOPPED;
            } catch (IOException e) {
                control.fail(new IoFailure(i, "connect", 0, 0, 0, "", e.getMessage()));
                return PeerReached.STOPPED;
            }
        }
        return all;
    }

    void closeFiles(RunControl control) {
        for (ManyFilesSource m : manySources) {
            m.closeRest(control);
        }
        for (int i = 0; i < engines.size(); i++) {
            for (IoFile f : files.get(i)) {
                closeFile(engines.get(i), f, control);
            }
        }
    }

    /** Closes {@code file} through {@code engine}; a failure stops the run (its first failure is kept). */
    static void closeFile(IoEngine engine, IoFile file, RunControl control) {
        try {
            engine.close(file);
        } catch (SysException e) {
            control.fail(new IoFailure(-1, "close", 0, 0, e.errno(), Errno.name(e.errno()), e.getMessage()));
        } catch (IOException e) {
            control.fail(new IoFailure(-1, "close", 0, 0, 0, "", e.getMessage()));
        }
    }

    /** Frees everything: files not closed yet (a failed run) quietly, then the engines and the buffers. */
    @Override
    public void close() {
        for (Worker w : workers) {
            if (w.requestLog != null) {
                try {
                    w.requestLog.close(); // finished already when the run ended; else what it had is dropped
                } catch (IOException e) {
                    // closing after a failure: the failure is what the run reports
                }
            }
        }
        for (ManyFilesSource m : manySources) {
            m.closeQuietly();
        }
        for (int i = 0; i < engines.size(); i++) {
            for (IoFile f : files.get(i)) {
                engines.get(i).closeQuietly(f);
            }
            engines.get(i).close();
        }
        buffers.forEach(NativeBuffer::close);
    }
}
