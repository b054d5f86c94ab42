package org.iobench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.QueueSetup;
import org.iobench.job.FioVerify;
import org.iobench.job.JobFiles;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Schedule;
import org.iobench.measure.IoLogs;
import org.iobench.sys.NativeBuffer;
import org.iobench.sysmon.JitActivity;
import org.iobench.sysmon.TaskCounters;
import org.iobench.verify.FioWorkerVerifier;

/**
 * iobench's own warm-up, before a run's window and before {@code --ramp} (the storage's warm-up, the user's): the
 * JVM compiles a loop only after running it a while, so in a cold process the first second of a run went at 35-65 %
 * of the later ones. The harness runs the job's own hot path, the same {@link Worker} loop, engine kind, request
 * source ({@link WorkerSet#dataSource}, in fio's buffer fill when the job has one: {@link WorkerSet#withFioBuffers},
 * its writes stamped as fio's verify stamps them when the job verifies: {@link WarmStampSource}),
 * recorders and fio logs at the job's depth, batch, block size and mix, on {@code /dev/zero}: a private target with no storage behind it (reads return zeros, writes are discarded), so it reads and writes no byte of
 * the user's target, and nothing it does is counted anywhere. Each slice gets a new engine and file, as each run's
 * worker does, so that the branches of a fresh engine's first requests are compiled too. The boundaries a run's
 * first second crosses are crossed within each slice: its intervals and fio's log windows are
 * {@link #BOUNDARY_NANOS} long (the run's are a second: a slice never closed one, and the run's first close threw
 * the compiled loop back to the interpreter), and every other slice walks a region of {@link #SMALL_REGION_BLOCKS}
 * blocks, so that the random map fills and a new pass begins several times in it.
 *
 * <p>It runs in slices of at least {@link #SLICE_NANOS} until it has settled: its loop's rate per CPU-second of its
 * own thread has stopped rising ({@link SettleRule}), and the JIT has nothing of the loop left to do: its compiler
 * threads have neither run nor waited for a CPU over {@link #QUIET_SLICES} slices ({@link JitActivity}), or, when
 * they are busy, the compile queue holds no method of the hot path ({@link JitProbe#hotPathCompiles}: they compile
 * something else). Judged per CPU-second, a thread the machine starves is not taken for a loop still compiling;
 * a slice is made longer when its thread got a small share of a core, so that each has about
 * {@link #SLICE_CPU_NANOS} of CPU to judge. Its budget is wall time ({@value #DEFAULT_BUDGET_MILLIS} ms by default).
 * When the budget runs out first the run is warned only when this process shows why: methods of the hot path still
 * queued or being compiled as the window opens ({@link Outcome#warning}, naming them). A budget spent without that
 * evidence (the machine gave the thread too little CPU to judge) says nothing.
 *
 * <p>Once settled for a kind of job (engine, mode, depth) in this process it is not run again: later runs, sweep
 * points and repetitions start warm; so too after a budget spent with nothing of the hot path left in the queue
 * (another warm-up would find the JIT as idle). The system property {@code iobench.warmup} sets it: {@code off}, or
 * the budget in milliseconds; the test suite sets {@code off}.
 */
final class WarmHarness {
    /** The shortest slice, in wall time. */
    static final long SLICE_NANOS = 100_000_000L;
    /** The CPU time a slice aims to give its thread: a starved thread's slice is longer, up to the longest. */
    static final long SLICE_CPU_NANOS = 80_000_000L;
    /** The longest slice, in wall time. */
    static final long MAX_SLICE_NANOS = 1_000_000_000L;
    static final int QUIET_SLICES = 2;
    /**
     * The default budget, wall time. A warm-up that settles takes well under a second on an idle machine; on a
     * shared one at a load of 20 its thread and the compiler's get about a tenth of a core each, and C2's compile of
     * the io_uring loop took more than the 3 s this budget once was.
     */
    static final long DEFAULT_BUDGET_MILLIS = 10_000;
    /** {@code -Diobench.warmup.trace=true}: each warm-up's slices on stderr (bench/warmup.sh's diagnosis). */
    private static final boolean TRACE = Boolean.getBoolean("iobench.warmup.trace");
    private static final Path TARGET = Path.of("/dev/zero");
    /**
     * The warm-up's interval and fio log window (when shorter than the run's): several end within one slice. A
     * run's first interval and first log window ({@code log_avg_msec=1000}) end inside its first second; a warm-up
     * of 100 ms slices on the run's lengths had never ended one, so the loop compiled for it met that branch first
     * in the window ({@code IoLogs.completed}: an uncommon trap, the loop recompiled while the window ran).
     */
    static final long BOUNDARY_NANOS = SLICE_NANOS / 8;
    /**
     * Every other slice walks a region of this many blocks (when the job's is larger): fio's random map fills and a
     * new pass begins several times in one slice, as they do within the first second of a run over a file of 64 MiB
     * (a slice over the job's own region may never fill it: {@code RandomMapBlocks.next}'s trap in the window). The
     * other slices walk the job's region, whose size may take branches of its own (a draw over many blocks).
     */
    static final long SMALL_REGION_BLOCKS = 256;
    /** The kinds of job warmed (settled) in this process. */
    private static final Set<String> PROCESS_WARMED = ConcurrentHashMap.newKeySet();

    /**
     * What the warm-up did.
     *
     * @param ran       it ran (false: off, already warm, or a job it does not warm)
     * @param settled   it settled before the budget was spent (or a stop ended it)
     * @param nanos     how long it ran, wall time
     * @param cpuNanos  the CPU time its thread had, ns; -1 when unknown
     * @param requests  requests it made on {@code /dev/zero}
     * @param slices    each slice, in order
     * @param compiling the hot path's methods still queued or being compiled when it ended unsettled (the
     *                  warning's evidence); empty when settled, when none were, or when the JVM cannot tell
     */
    record Outcome(boolean ran, boolean settled, long nanos, long cpuNanos, long requests, List<Slice> slices,
                   List<String> compiling) {
        static final Outcome NONE = new Outcome(false, true, 0, 0, 0, List.of(), List.of());

        /**
         * The run's warning when the budget ran out with methods of the hot path still queued or compiling; null
         * otherwise (a budget spent without that evidence says nothing: silence beats a false alarm).
         */
        String warning() {
            if (!ran || settled || compiling.isEmpty()) {
                return null;
            }
            List<String> names = compiling.stream().map(m -> m.substring(m.lastIndexOf('.', m.indexOf("::")) + 1))
                    .distinct().toList();
            String shown = String.join(", ", names.subList(0, Math.min(3, names.size())))
                    + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
            return String.format("iobench's own hot path was still being compiled when the measured window opened "
                    + "(after its warm-up of %.1f s on /dev/zero%s, the JIT still had %s queued or compiling): "
                    + "the first interval may under-report; a longer --time or more --runs dilute it", nanos / 1e9,
                    cpuNanos >= 0 ? String.format(", %.2f s of it on a CPU", cpuNanos / 1e9) : "", shown);
        }
    }

    /**
     * One slice of a warm-up: what it ran and which of the run's boundaries it crossed.
     *
     * @param rate        requests per wall-second
     * @param cpuRate     requests per CPU-second of its thread; NaN when not judged ({@link SettleRule#add})
     * @param requests    requests made
     * @param regionBytes the region walked
     * @param intervals   intervals of the series it recorded in (more than 1: it closed intervals)
     * @param logWindows  fio log windows its completions closed (0 without windowed logs)
     * @param wallNanos   its length, ns
     * @param cpuNanos    the CPU time its thread had in it, ns; -1 when unknown
     */
    record Slice(double rate, double cpuRate, long requests, long regionBytes, int intervals, long logWindows,
                 long wallNanos, long cpuNanos) {
    }

    private final long budgetNanos;
    private final LongSupplier threadCpuNanos;
    private final JitProbe jit;
    private final Set<String> warmed;

    /** @param budgetNanos the longest warm-up, wall time; 0 turns it off */
    WarmHarness(long budgetNanos) {
        this(budgetNanos, TaskCounters::selfOnCpuNanos, JitProbe.SYSTEM, PROCESS_WARMED);
    }

    /**
     * A warm-up reading its thread's CPU time and the JIT through what it is given (tests), remembering the kinds
     * of job it warmed in {@code warmed}.
     *
     * @param threadCpuNanos the calling thread's CPU time so far, ns (-1 when unknown)
     */
    WarmHarness(long budgetNanos, LongSupplier threadCpuNanos, JitProbe jit, Set<String> warmed) {
        this.budgetNanos = budgetNanos;
        this.threadCpuNanos = threadCpuNanos;
        this.jit = jit;
        this.warmed = warmed;
    }

    /** As the system property {@code iobench.warmup} says: {@code off}, or a budget in milliseconds. */
    static WarmHarness fromSystem() {
        String v = System.getProperty("iobench.warmup", "").trim();
        if (v.equals("off") || v.equals("0")) {
            return new WarmHarness(0);
        }
        try {
            return new WarmHarness(v.isEmpty() ? DEFAULT_BUDGET_MILLIS * 1_000_000L
                    : Math.max(0, Long.parseLong(v)) * 1_000_000L);
        } catch (NumberFormatException e) {
            return new WarmHarness(DEFAULT_BUDGET_MILLIS * 1_000_000L);
        }
    }

    /** True when the harness warms jobs of this kind at all: a plain read, write or mix on a data engine. */
    static boolean warms(JobSpec spec, EngineProvider provider) {
        return !spec.workload().rw().trims() && spec.workload().rw() != RwMode.COPY
                && spec.fileOps() == null && spec.burn() == null && spec.program() == null
                && !provider.has(EngineFlag.NO_DATA) && !provider.has(EngineFlag.BURNS_CPU)
                && !provider.has(EngineFlag.RUNS_PROGRAM) && !provider.has(EngineFlag.WORKS_ON_FILES)
                && !provider.has(EngineFlag.NETWORK);
    }

    /**
     * Warms the hot path of {@code job}'s workers, unless off, already warm or not a job it warms; a stop of
     * {@code control} ends it. Never fails the run: a warm-up that cannot run (the engine refuses {@code /dev/zero})
     * is skipped.
     */
    Outcome warm(JobSpec job, EngineProvider provider, NanoClock clock, long intervalNanos, RunControl control) {
        // a slice runs its time as a time-based job does: fio's draws of a size-based job end its loop over the
        // region where fio's file is done (a random map full, its loops made), and a slice that ended there after
        // a few requests had too little CPU to judge: the warm-up never settled and spent its whole budget (10 s
        // before every random job of a job file)
        JobSpec spec = job.timing().loopRegion() ? job : job.toBuilder().loopRegion(true).build();
        String key = provider.name() + " " + spec.workload().rw() + " qd" + spec.queue().iodepth() + " b"
                + spec.queue().batch() + (spec.queue().fixedBuffers() ? " fixed" : "")
                + (WorkerSet.fioFills(spec) ? " " + FioBufferSource.perWrite(spec.buffers()) : "")
                + (registered(spec) ? " registered" : "")
                + (spec.verification().fio() != null ? " verify " + spec.verification().fio().type() : "")
                + (spec.files() == null ? ""
                : " files " + spec.files().service().kind().fioName()
                        + (spec.files().openFiles() < spec.files().count() ? " some open" : ""));
        if (budgetNanos <= 0 || !warms(spec, provider) || warmed.contains(key)) {
            return Outcome.NONE;
        }
        int depth = spec.queue().iodepth();
        long block = spec.access().maxBytes(spec.workload().blockSize());
        List<NativeBuffer> buffers = new ArrayList<>();
        List<Slice> rates = new ArrayList<>();
        List<String> jitTrace = new ArrayList<>();
        long requests = 0;
        long cpuTotal = 0;
        long began = clock.nanoTime();
        boolean settled = false;
        List<String> compiling = List.of();
        try {
            for (int i = 0; i < depth; i++) {
                buffers.add(NativeBuffer.allocate(block, 4096));
            }
            AccessPattern pattern = AccessPattern.of(spec);
            // fio's buffer contents as the run's workers fill them (one fill for every slice: a working set is
            // made once); the bytes go to /dev/zero
            FioBufferFill fill = WorkerSet.fioFill(spec);
            // fio's verify stamps every write (its data, headers and checksums): stamped here too, never read back
            FioVerify verify = spec.verification().fio();
            FioWorkerVerifier.Stamper stamper = verify == null || verify.only() ? null
                    : FioWorkerVerifier.stamper(verify, buffers);
            // the run's own logs and slat split, so that their code is compiled too; no syncs (/dev/zero refuses
            // them), no rate, pauses or priorities (they would only make the warm-up wait)
            WorkerSetup run = WorkerSetup.of(spec, intervalNanos, 512, provider.has(EngineFlag.SYNC));
            WorkerSetup setup = new WorkerSetup(0, IoOp.FDATASYNC, Math.min(intervalNanos, BOUNDARY_NANOS), 0, 1,
                    0, shortWindows(run.logs()), run.logsSlat(), Schedule.NONE, null, 0, 0, null,
                    spec.workload().seed());
            long jobRegion = Math.max(block, Math.min(1L << 30, spec.workload().sizeBytes() > 0
                    ? spec.workload().sizeBytes() : 1L << 30) / block * block);
            long smallRegion = Math.min(jobRegion, SMALL_REGION_BLOCKS * block);
            JobFiles many = spec.files();
            // a job over several files: each slice runs the run's own source over as many files, every one of them
            // /dev/zero, each file over its own region (no small region: its files' regions are the job's)
            boolean small = many == null && smallRegion < jobRegion;
            // its slices run their time whatever the job's size: time-based over its files, no schedule making the
            // time only a cap (a source that ended at the files' bytes ended the slice after a few requests)
            JobSpec timed = many == null ? spec : spec.toBuilder().schedule(Schedule.NONE)
                    .timeNanos(Math.max(spec.timing().timeNanos(), 3_600_000_000_000L)).build();
            if (many != null) {
                jobRegion = many.totalBytes();
            }
            QueueSetup queue = registered(spec) ? new QueueSetup(true, false, -1, false) : QueueSetup.NONE;
            SettleRule rule = new SettleRule();
            int quiet = 0;
            long sliceNanos = SLICE_NANOS;
            long jitBusy = jit.busyNanos();
            while (clock.nanoTime() - began < budgetNanos && !control.stopped()) {
                // A new engine and file for every slice, as each run's worker gets: the first requests on a fresh
                // engine take branches that later ones never take (an io_uring ring created disabled is enabled
                // at its first submit). Warmed on one engine, the compiled loop had never seen them: the run's
                // first submit hit an uncommon trap, and its window opened on a loop thrown back to the
                // interpreter while the JIT compiled it again (io_uring's first second at 0.6-1.0 of the median).
                Worker w;
                long from;
                long cpuFrom;
                // never more than a short slice past the budget
                long length = Math.min(sliceNanos, Math.max(SLICE_NANOS, budgetNanos - (clock.nanoTime() - began)));
                long region = small && rates.size() % 2 == 0 ? smallRegion : jobRegion;
                try (IoEngine engine = provider.create(new EngineOptions(depth, spec.queue().batch(), buffers,
                        spec.queue().fixedBuffers(), null, clock, queue))) {
                    OpenMode mode = spec.workload().rw().writes() ? OpenMode.READ_WRITE : OpenMode.READ;
                    RunControl own = new RunControl();
                    ManyFilesSource files = many == null ? null
                            : WorkerSet.manyFilesSource(timed, engine, i -> engine.open(TARGET, mode), own, 0);
                    IoFile file = null;
                    try {
                        if (files != null) {
                            files.openFirst();
                            file = files.first();
                        } else {
                            file = engine.open(TARGET, mode);
                        }
                        IoRequest[] slots = new IoRequest[depth];
                        for (int i = 0; i < depth; i++) {
                            slots[i] = new IoRequest(i, buffers.get(i));
                        }
                        StartSignal start = new StartSignal();
                        RequestSource source;
                        if (files != null) {
                            source = files;
                        } else try {
                            source = WorkerSet.dataSource(spec, pattern, new WorkerPlan(0, 0, region,
                                    Long.MAX_VALUE), file, 0, null, region);
                        } catch (RuntimeException e) {
                            if (region == jobRegion) {
                                throw e;
                            }
                            small = false; // the job's shape does not fit a small region: its own region only
                            region = jobRegion;
                            source = WorkerSet.dataSource(spec, pattern, new WorkerPlan(0, 0, region,
                                    Long.MAX_VALUE), file, 0, null, region);
                        }
                        source = WorkerSet.withFioBuffers(spec, source, fill, buffers, clock);
                        if (stamper != null) {
                            source = new WarmStampSource(source, stamper);
                        }
                        w = new Worker(setup, new WorkerIo(0, engine, slots, file), source,
                                new RunShared(clock, own, start));
                        cpuFrom = threadCpuNanos.getAsLong();
                        from = clock.nanoTime();
                        start.release(Timeline.of(from, 0, length));
                        w.run();
                        if (own.reason() != null) {
                            return new Outcome(false, true, clock.nanoTime() - began, -1, requests, rates,
                                    List.of());
                        }
                    } finally {
                        if (files != null) {
                            files.closeQuietly();
                        } else if (file != null) {
                            engine.closeQuietly(file);
                        }
                    }
                }
                long cpuTo = threadCpuNanos.getAsLong();
                long cpu = cpuFrom >= 0 && cpuTo >= cpuFrom ? cpuTo - cpuFrom : -1;
                long n = w.stats.reads + w.stats.writes;
                long spent = Math.max(1, w.stats.endNanos - from);
                requests += n;
                cpuTotal = cpu >= 0 && cpuTotal >= 0 ? cpuTotal + cpu : -1;
                double cpuRate = rule.add(n, cpu, spent, region);
                rates.add(new Slice(n * 1e9 / spent, cpuRate, n, region, w.stats.series.intervals(spent).size(),
                        w.stats.logs == null ? 0 : w.stats.logs.windowsClosed(), spent, cpu));
                // a thread that had a small share of a core gets a longer slice, so that each has about
                // SLICE_CPU_NANOS of CPU to judge
                sliceNanos = cpu > 0 ? Math.clamp(SLICE_CPU_NANOS * spent / cpu, SLICE_NANOS, MAX_SLICE_NANOS)
                        : SLICE_NANOS;
                long busy = jit.busyNanos();
                // quiet: the compiler threads took less than 2 % of the slice (stragglers, their own bookkeeping)
                quiet = busy >= 0 && jitBusy >= 0 && busy - jitBusy < spent / 50 ? quiet + 1 : 0;
                String asked = "";
                if (rule.flat()) {
                    if (quiet >= QUIET_SLICES) {
                        settled = true;
                    } else {
                        // the compiler threads are busy (or cannot be seen): with what?
                        List<String> hot = jit.hotPathCompiles();
                        asked = hot == null ? " queue ?" : " queue " + hot.size();
                        settled = hot != null ? hot.isEmpty() : busy < 0;
                    }
                }
                if (TRACE) {
                    jitTrace.add(String.format("%.0f/%.2f%s", (busy - jitBusy) / 1e6,
                            cpu >= 0 ? cpu / (double) spent : Double.NaN, asked));
                }
                jitBusy = busy;
                if (settled) {
                    break;
                }
            }
            if (!settled && !control.stopped()) {
                List<String> hot = jit.hotPathCompiles();
                compiling = hot == null ? List.of() : hot;
            }
        } catch (IOException | RuntimeException e) {
            // no warm-up for it
            return new Outcome(false, true, clock.nanoTime() - began, -1, requests, rates, List.of());
        } finally {
            buffers.forEach(NativeBuffer::close);
        }
        if (settled || compiling.isEmpty() && !control.stopped()) {
            warmed.add(key);
        }
        if (TRACE) {
            // when it ended on the process's clock: beside -XX:+PrintCompilation's and -Xlog's uptime stamps
            double since = ProcessHandle.current().info().startInstant()
                    .map(t -> Duration.between(t, Instant.now()).toMillis() / 1e3).orElse(-1.0);
            System.err.printf("warm-up %s: %s in %.3f s (ended %.2f s after the process started), %d requests,"
                    + " %.3f s on a CPU; slices (k requests per wall-s, per CPU-s) %s; JIT ms/CPU share %s;"
                    + " still compiling %s%n", key, settled ? "settled" : "not settled",
                    (clock.nanoTime() - began) / 1e9, since, requests, cpuTotal / 1e9,
                    rates.stream().map(r -> String.format("%.0f/%.0f", r.rate() / 1e3, r.cpuRate() / 1e3))
                            .toList(), jitTrace, compiling);
        }
        return new Outcome(true, settled || control.stopped(), clock.nanoTime() - began, cpuTotal, requests, rates,
                settled ? List.of() : compiling);
    }

    /**
     * The job registers its files with the kernel (fio's {@code registerfiles}, or a submission thread, which needs
     * them): so does the warm-up, whose requests then name their file by its slot as the run's do. Nothing else of
     * the job's queue set-up is taken: a submission thread would only spin for it, polled completions are refused on
     * {@code /dev/zero}.
     */
    private static boolean registered(JobSpec spec) {
        return spec.queue().submission().registerFiles() || spec.queue().submission().submitThread();
    }

    /** The run's fio logs with windows of at most {@link #BOUNDARY_NANOS}; per-I/O logs and none as they are. */
    private static IoLogs.Settings shortWindows(IoLogs.Settings s) {
        long window = BOUNDARY_NANOS / 1_000_000;
        if (s == null || s.avgMillis() <= window) {
            return s;
        }
        return new IoLogs.Settings(s.bwPrefix(), s.latPrefix(), s.iopsPrefix(), window, s.logMax(), s.offsets(),
                s.perJobIndex(), s.priorities(), s.compressBytes(), s.storeCompressed());
    }
}
