package org.iobench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.PeerReached;
import org.iobench.job.JobSpec;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.Accounting;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;
import org.iobench.result.WorkerEvidence;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.ProcFs;
import org.iobench.sysmon.SystemSampler;
import org.iobench.sysmon.SystemSeries;
import org.iobench.sysmon.TaskCounters;
import org.iobench.verify.RunVerification;
import org.iobench.workload.files.PreparedTarget;

/**
 * Runs one repetition of a job on a prepared target, every kind of job alike (a copy is a request source like any
 * other): makes the workers ({@link WorkerSet}), starts them together, watches the run, waits for them, issues the
 * final sync inside the measured time ({@link FinalSync}), gathers the evidence and has the result made in one place
 * ({@link RunAssembler}). Everything it opened is closed before it returns, whatever happened.
 */
public final class JobRunner {
    /** Longest sleep of the runner while the workers warm up, so a stop is seen promptly. */
    private static final long WARM_UP_PARK_NANOS = 10_000_000;

    private final NanoClock clock;
    private final long intervalNanos;
    private final long sampleIntervalMillis;
    private final WarmHarness warmHarness;

    /**
     * @param intervalNanos        length of the per-interval throughput series
     * @param sampleIntervalMillis period of the system monitor (vmstat/iostat-like samples); 0 turns it off
     */
    public JobRunner(NanoClock clock, long intervalNanos, long sampleIntervalMillis) {
        this(clock, intervalNanos, sampleIntervalMillis, WarmHarness.fromSystem());
    }

    /** A runner with its own warm-up of iobench's hot path ({@link WarmHarness}; tests). */
    JobRunner(NanoClock clock, long intervalNanos, long sampleIntervalMillis, WarmHarness warmHarness) {
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.sampleIntervalMillis = sampleIntervalMillis;
        this.warmHarness = warmHarness;
    }

    public RunResult run(JobSpec spec, PreparedTarget target, int run, RunControl control, RunListener listener)
            throws IOException {
        return run(spec, target, run, control, listener, Engines.require(spec.queue().engine()));
    }

    /**
     * One run with the given engine provider: an engine of a registry of one's own ({@code Engines.of}), or one that
     * misbehaves on purpose (tests).
     */
    public RunResult run(JobSpec spec, PreparedTarget target, int run, RunControl control, RunListener listener,
                  EngineProvider provider) throws IOException {
        control.beginRun();
        // iobench's own warm-up first, on /dev/zero: the window (and --ramp) then start on a compiled loop
        WarmHarness.Outcome warmed = warmHarness.warm(spec, provider, clock, intervalNanos, control);
        StartSignal start = new StartSignal();
        RunShared shared = new RunShared(clock, control, start);
        WorkerSetup setup = WorkerSetup.of(spec, intervalNanos, target.logicalBlockSize(),
                provider.has(EngineFlag.SYNC));
        RunVerification verification = RunVerification.start(spec, target.regionBytes());
        List<Thread> threads = new ArrayList<>();
        try (WorkerSet set = WorkerSet.open(spec, target, provider, setup, shared, verification);
             FinalSync finalSync = FinalSync.prepare(spec, target, provider, clock)) {
            List<Worker> workers = set.workers;
            try {
                for (Worker w : workers) {
                    Thread t = new Thread(w, "iobench-worker-" + threads.size());
                    t.setDaemon(true);
                    threads.add(t);
                    t.start();
                }
                for (Worker w : workers) {
                    w.awaitFlowJoined(control); // before this job's start gate: no job of a flow starts alone
                }
                SteadyGroup steadyGroup = steadyGroup(spec, control, run);
                if (steadyGroup != null) {
                    // before the group's start gate
                    steadyGroup.join(new SteadyWatch.Member(workers, threads, shared.end()));
                }
                listener.ready(spec, run);
                awaitStartDelay(spec, control);
                long waitFrom = clock.nanoTime();
                // a stop or failure meanwhile: the workers see it at their first request
                long waited = set.awaitPeers(control) == PeerReached.TIME_STARTS_NOW ? 0 : clock.nanoTime() - waitFrom;
                return measure(new Inputs(spec, target, run, control, listener, provider), new Made(set,
                        finalSync, start, threads, verification, warmed, shared.end(), steadyGroup, waited));
            } finally {
                start.cancel(); // workers not released yet end without a request
                control.interruptWorkersIfStillRunning(threads);
            }
        }
    }

    /**
     * fio's {@code startdelay}: the job starts this long after its stage (after the barrier all its jobs passed);
     * its own time starts then. A stop ends the wait.
     */
    private void awaitStartDelay(JobSpec spec, RunControl control) {
        long until = clock.nanoTime() + spec.schedule().startDelayNanos();
        while (!control.stopped() && clock.nanoTime() < until) {
            clock.idle(until, WARM_UP_PARK_NANOS);
        }
    }

    /** fio's I/O logs, into the current directory as fio writes them; a file that cannot be written is an error. */
    private static void writeLogs(JobSpec spec, List<Worker> workers, Timeline t) throws IOException {
        for (Worker w : workers) {
            if (w.requestLog != null) {
                w.finishRequestLog(w.stats.endNanos); // fio's close lines as the job closes its files
            }
            if (w.stats.logs != null) {
                w.stats.logs.finish(Math.max(0, w.stats.endNanos - t.measureStartNanos()));
                w.stats.logs.write(Path.of(""), spec.logs().jobIndex());
            }
        }
    }

    /** What a run was asked: the job, its prepared target, which run, its control, listener and engine. */
    private record Inputs(JobSpec spec, PreparedTarget target, int run, RunControl control, RunListener listener,
                          EngineProvider provider) {}

    /**
     * What the run made before it measures: its workers and their threads, the final sync, the start signal, the
     * job's own early end, the steady-state watch of its reporting group (null when the job is judged alone) and
     * how long it waited for its other end, which counts against its runtime ({@link PeerReached#REACHED}).
     */
    private record Made(WorkerSet set, FinalSync finalSync, StartSignal start, List<Thread> threads,
                        RunVerification verification, WarmHarness.Outcome warmed, JobEnd end,
                        SteadyGroup steadyGroup, long peerWaitNanos) {}

    /**
     * The steady-state watch this job shares with the other jobs of its reporting group (fio's {@code
     * group_reporting} with {@code ss=}); null when it has no steady state or is judged alone.
     */
    private static SteadyGroup steadyGroup(JobSpec spec, RunControl control, int run) {
        SteadyCriterion c = spec.timing().steady();
        if (c == null || !c.group() || spec.grouping().group().isEmpty()) {
            return null;
        }
        return control.steadyGroup(spec.grouping().group(), run);
    }

    /**
     * Watches for steady state: the job alone (its own early end), or, for the one job of a reporting group that
     * watches it, every job of the group (the group's end); the other jobs of the group get their watcher's outcome
     * once their workers ended. Null without a criterion.
     */
    private SteadyOutcome watchSteady(JobSpec spec, Timeline t, Made made, RunControl control) {
        SteadyCriterion c = spec.timing().steady();
        if (c == null) {
            return null;
        }
        SteadyGroup g = made.steadyGroup();
        if (g == null) {
            return SteadyWatch.watch(c, t, List.of(new SteadyWatch.Member(made.set().workers, made.threads(),
                    made.end())), clock, intervalNanos, control);
        }
        if (!g.claimWatch()) {
            return null; // another job of the group watches; its outcome is awaited after the join
        }
        SteadyOutcome o = null;
        try {
            o = SteadyWatch.watch(c, t, g.members(), clock, intervalNanos, control);
            return o;
        } finally {
            g.publish(o);
        }
    }

    private RunResult measure(Inputs in, Made made) throws IOException {
        JobSpec spec = in.spec();
        PreparedTarget target = in.target();
        RunControl control = in.control();
        RunListener listener = in.listener();
        WorkerSet set = made.set();
        FinalSync finalSync = made.finalSync();
        StartSignal start = made.start();
        List<Thread> threads = made.threads();
        int run = in.run();
        List<Worker> workers = set.workers;
        boolean threadIo = !in.provider().has(EngineFlag.OUTSIDE_PROC_IO);
        // io_uring may hand I/O to kernel threads of the process: then the process's counters hold the job's
        // storage I/O, but only when no other job runs in this process at the same time
        boolean processIo = !threadIo && spec.grouping().group().isEmpty();
        String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
        // what the live view says the run does once its workers are done (before: running, or verifying)
        AtomicReference<LiveView.Phase> phase = new AtomicReference<>(LiveView.Phase.RUNNING);
        SystemSampler sampler;
        TaskCounters processOpened;
        long openedNanos;
        Timeline t;
        if (spec.timing().rampNanos() == 0) {
            sampler = startSampler(target);
            processOpened = processIo ? TaskCounters.ofProcess() : null;
            // the clock starts after the monitor did
            long now = clock.nanoTime();
            t = Timeline.of(now, 0, spec.timing().timeNanos(), now - made.peerWaitNanos());
            openedNanos = t.measureStartNanos();
            listener.runStarted(spec, run, live(t, set, new SoFar(in, made, t, startedAt, threadIo), phase));
            start.release(t); // each worker's own first reading opens its window
        } else {
            long now = clock.nanoTime();
            t = Timeline.of(now, spec.timing().rampNanos(), spec.timing().timeNanos(), now - made.peerWaitNanos());
            listener.runStarted(spec, run, live(t, set, new SoFar(in, made, t, startedAt, threadIo), phase));
            start.release(t);
            // nothing of the warm-up enters the evidence: counters, CPU and device samples start here
            awaitMeasuredWindow(t, threads, control);
            openedNanos = clock.nanoTime();
            workers.forEach(w -> w.task.open());
            processOpened = processIo ? TaskCounters.ofProcess() : null;
            sampler = startSampler(target);
        }
        SteadyOutcome steady = watchSteady(spec, t, made, control);
        threads.forEach(Threads::joinUninterruptibly);
        phase.set(LiveView.Phase.FINISHING);
        if (steady == null && made.steadyGroup() != null) {
            steady = made.steadyGroup().await();
        }
        TaskCounters processClosed = processOpened == null ? null : TaskCounters.ofProcess();
        long unwritten = spec.workload().rw().writes() ? TaskEvidence.unwrittenBytes(set.target()) : -1;
        long end = 0;
        for (Worker w : workers) {
            end = Math.max(end, w.stats.endNanos);
        }
        writeLogs(spec, workers, t);
        if (finalSync != null && !control.stopped()) {
            phase.set(LiveView.Phase.SYNCING);
            end = finalSync.run(clock, control);
            phase.set(LiveView.Phase.FINISHING);
        }
        SystemSeries system = sampler == null ? null : sampler.stop();
        set.closeFiles(control);
        if (finalSync != null) {
            finalSync.closeFile(control);
        }
        List<TaskEvidence.Counted> counted = new ArrayList<>();
        for (Worker w : workers) {
            counted.add(new TaskEvidence.Counted(w.task, Math.max(0, w.stats.endNanos - openedNanos),
                    w.stats.issuedBytesRead, w.stats.issuedBytesWritten, w.usage(), w.depths.result()));
        }
        WorkerEvidence evidence = TaskEvidence.evidence(counted, threadIo,
                processClosed == null ? null : processClosed.minus(processOpened), unwritten);
        Accounting accounting = TaskEvidence.accounting(counted, threadIo, in.provider().name());
        RunAssembler assembler = new RunAssembler(spec, workers.stream().map(w -> w.stats).toList(), intervalNanos);
        RunResult result = assembler.result(run, startedAt, t, end, finalSync, control,
                new RunAssembler.Evidence(accounting, evidence, system, steady, made.warmed().warning()), target);
        listener.latencies(spec, run, assembler.latencies(finalSync));
        return made.verification() == null ? result
                : result.withVerification(made.verification().finish(target.path(), result.complete()));
    }

    /** Starts the system monitor on the target's devices; null when off or when /proc cannot be read. */
    private SystemSampler startSampler(PreparedTarget target) {
        if (sampleIntervalMillis <= 0) {
            return null;
        }
        List<String> devices = target.resolution().devices().stream().map(BlockDevice::name).toList();
        try {
            SystemSampler sampler = new SystemSampler(ProcFs.system(), devices, sampleIntervalMillis, clock);
            sampler.start();
            return sampler;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Waits until the warm-up is over, or every worker ended, or the run was stopped; parks in short slices so none
     * of those is missed.
     */
    private void awaitMeasuredWindow(Timeline t, List<Thread> threads, RunControl control) {
        while (clock.nanoTime() < t.measureStartNanos() && !control.stopped()
                && threads.stream().anyMatch(Thread::isAlive)) {
            clock.awaitOthers(t.measureStartNanos(), WARM_UP_PARK_NANOS);
        }
    }

    /** What a run's result so far is made of, while it runs: its inputs, its workers, its clock's start. */
    private record SoFar(Inputs in, Made made, Timeline t, String startedAt, boolean threadIo) {}

    /**
     * The run's result so far (fio's {@code --status-interval} report of a running job), made as the final one is
     * ({@link RunAssembler}) from a copy of each worker's counters that the worker makes between two of its requests:
     * up to now, never beyond what the final result will hold. No final sync, no system samples, no verification.
     */
    private RunResult soFar(SoFar f) {
        List<Worker.Copy> copies = new ArrayList<>();
        try {
            for (Worker w : f.made().set().workers) {
                copies.add(w.soFar());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        long opened = f.t().measureStartNanos();
        long end = opened;
        List<TaskEvidence.Counted> counted = new ArrayList<>();
        for (Worker.Copy c : copies) {
            end = Math.max(end, c.stats().endNanos);
            counted.add(new TaskEvidence.Counted(c.task(), Math.max(0, c.stats().endNanos - opened),
                    c.stats().issuedBytesRead, c.stats().issuedBytesWritten, c.usage(), c.depths()));
        }
        WorkerEvidence evidence = TaskEvidence.evidence(counted, f.threadIo(), null, -1);
        Accounting accounting = TaskEvidence.accounting(counted, f.threadIo(), f.in().provider().name());
        return new RunAssembler(f.in().spec(), copies.stream().map(Worker.Copy::stats).toList(), intervalNanos)
                .result(f.in().run(), f.startedAt(), f.t(), end, null, f.in().control(),
                        new RunAssembler.Evidence(accounting, evidence, null, null, f.made().warmed().warning()),
                        f.in().target());
    }

    private LiveView live(Timeline t, WorkerSet set, SoFar soFar, AtomicReference<LiveView.Phase> phase) {
        List<Worker> workers = set.workers;
        long plannedBytes = set.plannedBytes();
        return new LiveView() {
            @Override
            public Phase phase() {
                Phase p = phase.get();
                if (p == Phase.RUNNING) {
                    for (Worker w : workers) {
                        if (w.verifying()) {
                            return Phase.VERIFYING;
                        }
                    }
                }
                return p;
            }

            @Override
            public RunResult snapshot() {
                return soFar(soFar);
            }

            @Override
            public long requests() {
                long sum = 0;
                for (Worker w : workers) {
                    sum += w.stats.liveRequests();
                }
                return sum;
            }

            @Override
            public long[] requestsByDirection() {
                long[] sum = new long[3];
                for (Worker w : workers) {
                    sum[0] += w.stats.liveReads();
                    sum[1] += w.stats.liveWrites();
                    sum[2] += w.stats.liveTrims();
                }
                return sum;
            }

            @Override
            public long plannedBytes() {
                return plannedBytes;
            }

            @Override
            public long elapsedNanos() {
                return clock.nanoTime() - t.measureStartNanos();
            }

            @Override
            public long bytesRead() {
                long sum = 0;
                for (Worker w : workers) {
                    sum += w.stats.liveBytesRead();
                }
                return sum;
            }

            @Override
            public long bytesWritten() {
                long sum = 0;
                for (Worker w : workers) {
                    sum += w.stats.liveBytesWritten();
                }
                return sum;
            }

            @Override
            public long bytesTrimmed() {
                long sum = 0;
                for (Worker w : workers) {
                    sum += w.stats.liveBytesTrimmed();
                }
                return sum;
            }
        };
    }
}
