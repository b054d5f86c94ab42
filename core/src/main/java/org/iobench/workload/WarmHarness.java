package org.iobench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Schedule;
import org.iobench.measure.IoLogs;
import org.iobench.sys.NativeBuffer;
import org.iobench.sysmon.JitActivity;

/**
 * iobench's own warm-up, before a run's window and before {@code --ramp} (the storage's warm-up, the user's): the
 * JVM compiles a loop only after running it a while, so in a cold process the first second of a run went at 35-65 %
 * of the later ones. The harness runs the job's own hot path, the same {@link Worker} loop, engine kind, request
 * source ({@link WorkerSet#dataSource}), recorders and fio logs at the job's depth, batch, block size and mix, on
 * {@code /dev/zero}: a private target with no storage behind it (reads return zeros, writes are discarded), so it reads and writes no byte of
 * the user's target, and nothing it does is counted anywhere. Each slice gets a new engine and file, as each run's
 * worker does, so that the branches of a fresh engine's first requests are compiled too. The boundaries a run's
 * first second crosses are crossed within each slice: its intervals and fio's log windows are
 * {@link #BOUNDARY_NANOS} long (the run's are a second: a slice never closed one, and the run's first close threw
 * the compiled loop back to the interpreter), and every other slice walks a region of {@link #SMALL_REGION_BLOCKS}
 * blocks, so that the random map fills and a new pass begins several times in it. It runs in slices of {@link #SLICE_NANOS} until the
 * JIT's compiler threads have neither run nor waited for a CPU over {@link #QUIET_SLICES} slices
 * ({@link JitActivity}: the loop and everything it calls are compiled), or its budget is spent: then the run says the
 * window may have opened on a loop still compiling ({@link Outcome#warning}).
 *
 * <p>Once settled for a kind of job (engine, mode, depth) in this process it is not run again: later runs, sweep
 * points and repetitions start warm. The system property {@code iobench.warmup} sets it: {@code off}, or the budget
 * in milliseconds (default {@value #DEFAULT_BUDGET_MILLIS}); the test suite sets {@code off}.
 */
final class WarmHarness {
    static final long SLICE_NANOS = 100_000_000L;
    static final int QUIET_SLICES = 2;
    static final long DEFAULT_BUDGET_MILLIS = 3000;
    /** The fewest slices before the harness can settle: the first ones run the interpreter and C1's code. */
    private static final int MIN_SLICES = 3;
    /** Where /proc cannot tell how busy the JIT is: this long, then the harness claims nothing (no warning). */
    private static final long BLIND_NANOS = 1_000_000_000L;
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
    private static final Set<String> WARMED = ConcurrentHashMap.newKeySet();

    /**
     * What the warm-up did.
     *
     * @param ran      it ran (false: off, already warm, or a job it does not warm)
     * @param settled  the JIT went quiet before the budget was spent
     * @param nanos    how long it ran
     * @param requests requests it made on {@code /dev/zero}
     * @param slices   each slice, in order
     */
    record Outcome(boolean ran, boolean settled, long nanos, long requests, List<Slice> slices) {
        static final Outcome NONE = new Outcome(false, true, 0, 0, List.of());

        /** The run's warning when the budget ran out first; null otherwise. */
        String warning() {
            if (!ran || settled) {
                return null;
            }
            return String.format("iobench's own hot path was still being compiled when the measured window opened "
                    + "(its warm-up on /dev/zero did not settle in %.1f s): the first interval may under-report; "
                    + "a longer --time or more --runs dilute it", nanos / 1e9);
        }
    }

    /**
     * One slice of a warm-up: what it ran and which of the run's boundaries it crossed.
     *
     * @param rate        requests per second
     * @param requests    requests made
     * @param regionBytes the region walked
     * @param intervals   intervals of the series it recorded in (more than 1: it closed intervals)
     * @param logWindows  fio log windows its completions closed (0 without windowed logs)
     */
    record Slice(double rate, long requests, long regionBytes, int intervals, long logWindows) {
    }

    private final long budgetNanos;

    /** @param budgetNanos the longest warm-up; 0 turns it off */
    WarmHarness(long budgetNanos) {
        this.budgetNanos = budgetNanos;
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
                && !provider.has(EngineFlag.RUNS_PROGRAM) && !provider.has(EngineFlag.WORKS_ON_FILES);
    }

    /**
     * Warms the hot path of {@code spec}'s workers, unless off, already warm or not a job it warms; a stop of
     * {@code control} ends it. Never fails the run: a warm-up that cannot run (the engine refuses {@code /dev/zero})
     * is skipped.
     */
    Outcome warm(JobSpec spec, EngineProvider provider, NanoClock clock, long intervalNanos, RunControl control) {
        String key = provider.name() + " " + spec.workload().rw() + " qd" + spec.queue().iodepth() + " b"
                + spec.queue().batch() + (spec.queue().fixedBuffers() ? " fixed" : "");
        if (budgetNanos <= 0 || !warms(spec, provider) || WARMED.contains(key)) {
            return Outcome.NONE;
        }
        int depth = spec.queue().iodepth();
        long block = spec.access().maxBytes(spec.workload().blockSize());
        List<NativeBuffer> buffers = new ArrayList<>();
        List<Slice> rates = new ArrayList<>();
        List<Double> jitTrace = new ArrayList<>();
        long requests = 0;
        long began = clock.nanoTime();
        boolean settled = false;
        try {
            for (int i = 0; i < depth; i++) {
                buffers.add(NativeBuffer.allocate(block, 4096));
            }
            AccessPattern pattern = AccessPattern.of(spec);
            // the run's own logs and slat split, so that their code is compiled too; no syncs (/dev/zero refuses
            // them), no rate, pauses or priorities (they would only make the warm-up wait)
            WorkerSetup run = WorkerSetup.of(spec, intervalNanos, 512, provider.has(EngineFlag.SYNC));
            WorkerSetup setup = new WorkerSetup(0, IoOp.FDATASYNC, Math.min(intervalNanos, BOUNDARY_NANOS), 0, 1,
                    0, shortWindows(run.logs()), run.logsSlat(), Schedule.NONE, null, 0, 0, null,
                    spec.workload().seed());
            long jobRegion = Math.max(block, Math.min(1L << 30, spec.workload().sizeBytes() > 0
                    ? spec.workload().sizeBytes() : 1L << 30) / block * block);
            long smallRegion = Math.min(jobRegion, SMALL_REGION_BLOCKS * block);
            boolean small = smallRegion < jobRegion;
            int quiet = 0;
            long jitBusy = JitActivity.busyNanos();
            while (clock.nanoTime() - began < budgetNanos && !control.stopped()) {
                // A new engine and file for every slice, as each run's worker gets: the first requests on a fresh
                // engine take branches that later ones never take (an io_uring ring created disabled is enabled
                // at its first submit). Warmed on one engine, the compiled loop had never seen them: the run's
                // first submit hit an uncommon trap, and its window opened on a loop thrown back to the
                // interpreter while the JIT compiled it again (io_uring's first second at 0.6-1.0 of the median).
                Worker w;
                long from;
                long region = small && rates.size() % 2 == 0 ? smallRegion : jobRegion;
                try (IoEngine engine = provider.create(new EngineOptions(depth, spec.queue().batch(), buffers,
                        spec.queue().fixedBuffers(), null, clock))) {
                    IoFile file = engine.open(TARGET, spec.workload().rw().writes() ? OpenMode.READ_WRITE
                            : OpenMode.READ);
                    try {
                        IoRequest[] slots = new IoRequest[depth];
                        for (int i = 0; i < depth; i++) {
                            slots[i] = new IoRequest(i, buffers.get(i));
                        }
                        RunControl own = new RunControl();
                        StartSignal start = new StartSignal();
                        RequestSource source;
                        try {
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
                        w = new Worker(setup, new WorkerIo(0, engine, slots, file), source,
                                new RunShared(clock, own, start));
                        from = clock.nanoTime();
                        start.release(Timeline.of(from, 0, SLICE_NANOS));
                        w.run();
                        if (own.reason() != null) {
                            return new Outcome(false, true, clock.nanoTime() - began, requests, rates);
                        }
                    } finally {
                        engine.closeQuietly(file);
                    }
                }
                long n = w.stats.reads + w.stats.writes;
                long spent = Math.max(1, w.stats.endNanos - from);
                requests += n;
                rates.add(new Slice(n * 1e9 / spent, n, region, w.stats.series.intervals(spent).size(),
                        w.stats.logs == null ? 0 : w.stats.logs.windowsClosed()));
                long busy = JitActivity.busyNanos();
                // quiet: the compiler threads took less than 2 % of the slice (stragglers, their own bookkeeping)
                quiet = busy >= 0 && jitBusy >= 0 && busy - jitBusy < spent / 50 ? quiet + 1 : 0;
                if (TRACE) {
                    jitTrace.add((busy - jitBusy) / 100_000 / 10.0);
                }
                jitBusy = busy;
                if (rates.size() >= MIN_SLICES && quiet >= QUIET_SLICES
                        || busy < 0 && clock.nanoTime() - began >= BLIND_NANOS) {
                    settled = true;
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            return new Outcome(false, true, clock.nanoTime() - began, requests, rates); // no warm-up for it
        } finally {
            buffers.forEach(NativeBuffer::close);
        }
        if (settled) {
            WARMED.add(key);
        }
        if (TRACE) {
            // when it ended on the process's clock: beside -XX:+PrintCompilation's and -Xlog's uptime stamps
            double since = ProcessHandle.current().info().startInstant()
                    .map(t -> Duration.between(t, Instant.now()).toMillis() / 1e3).orElse(-1.0);
            System.err.printf("warm-up %s: %s in %.3f s (ended %.2f s after the process started), %d requests,"
                    + " slices %s, JIT ms %s%n", key, settled ? "settled" : "not settled",
                    (clock.nanoTime() - began) / 1e9, since, requests,
                    rates.stream().map(r -> String.format("%.0f", r.rate())).toList(), jitTrace);
        }
        return new Outcome(true, settled || control.stopped(), clock.nanoTime() - began, requests, rates);
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
