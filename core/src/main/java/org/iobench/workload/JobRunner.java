package org.iobench.workload;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoRequest;
import org.iobench.job.DataPattern;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.measure.IntervalSeries;
import org.iobench.measure.LatencyRecorder;
import org.iobench.measure.NanoClock;
import org.iobench.measure.RunLatencies;
import org.iobench.result.Accounting;
import org.iobench.result.IoFailure;
import org.iobench.result.LatencySplit;
import org.iobench.result.LatencySummary;
import org.iobench.result.Pacing;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;
import org.iobench.result.SystemSummary;
import org.iobench.result.Totals;
import org.iobench.result.WorkerEvidence;
import org.iobench.result.WorkerResult;
import org.iobench.sys.Errno;
import org.iobench.sys.Libc;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sysmon.BlockDevice;
import org.iobench.sysmon.ProcFs;
import org.iobench.sysmon.SystemSampler;
import org.iobench.sysmon.SystemSeries;
import org.iobench.sysmon.TaskCounters;
import org.iobench.verify.RunVerification;
import org.iobench.workload.target.PreparedTarget;

/**
 * Runs one repetition of a job on a prepared target: opens a descriptor, an engine and {@code iodepth} aligned
 * buffers per worker, starts all workers together, waits for them, then issues the final sync inside the
 * measured time. Everything it opened is closed before it returns, whatever happened.
 */
public final class JobRunner {
    /** Longest sleep of the runner while the workers warm up, so a stop is seen promptly. */
    private static final long WARM_UP_PARK_NANOS = 10_000_000;

    private final NanoClock clock;
    private final long intervalNanos;
    private final long sampleIntervalMillis;

    /**
     * @param intervalNanos        length of the per-interval throughput series
     * @param sampleIntervalMillis period of the system monitor (vmstat/iostat-like samples); 0 turns it off
     */
    public JobRunner(NanoClock clock, long intervalNanos, long sampleIntervalMillis) {
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.sampleIntervalMillis = sampleIntervalMillis;
    }

    public RunResult run(JobSpec spec, PreparedTarget target, int run, RunControl control, RunListener listener)
            throws IOException {
        if (spec.rw() == org.iobench.job.RwMode.COPY) {
            return new CopyRunner(this, clock, intervalNanos).run(spec, target, run, control, listener);
        }
        EngineProvider provider = Engines.require(spec.engine());
        return run(spec, target, run, control, listener, provider);
    }

    /** One run with the given engine provider (tests hand in engines that misbehave on purpose). */
    RunResult run(JobSpec spec, PreparedTarget target, int run, RunControl control, RunListener listener,
                  EngineProvider provider) throws IOException {
        control.beginRun();
        WorkerSetup setup = WorkerSetup.of(spec, intervalNanos);
        List<WorkerPlan> plans = WorkerPlan.split(spec, target.regionBytes(), target.sizeExplicit());
        List<Integer> fds = new ArrayList<>();
        List<NativeBuffer> buffers = new ArrayList<>();
        List<IoEngine> engines = new ArrayList<>();
        List<Worker> workers = new ArrayList<>();
        CountDownLatch start = new CountDownLatch(1);
        Timeline[] timeline = new Timeline[1];
        List<Thread> threads = new ArrayList<>();
        RunVerification verification = RunVerification.start(spec, target.regionBytes());
        try {
            for (WorkerPlan plan : plans) {
                int fd = target.open(spec);
                fds.add(fd);
                IoRequest[] requests = new IoRequest[spec.iodepth()];
                List<NativeBuffer> mine = new ArrayList<>();
                for (int i = 0; i < requests.length; i++) {
                    NativeBuffer b = NativeBuffer.allocate(spec.blockSize(), target.bufferAlignment());
                    buffers.add(b);
                    mine.add(b);
                    if (spec.pattern() == DataPattern.RANDOM) {
                        b.fillRandom(spec.seed() ^ (plan.worker() * 1_000_003L + i));
                    }
                    requests[i] = new IoRequest(i, b);
                }
                IoEngine engine = provider.create(new EngineOptions(spec.iodepth(), spec.batch(), List.of(fd), mine,
                        spec.fixedBuffers()));
                engines.add(engine);
                workers.add(new Worker(plan.worker(), plan, setup, engine, requests, fd, clock, control, start,
                        timeline));
                if (spec.direct()) {
                    workers.getLast().directAlignment = target.logicalBlockSize();
                }
                if (verification != null) {
                    workers.getLast().verifier = verification.forWorker(plan.worker(), mine);
                }
            }
            for (Worker w : workers) {
                Thread t = new Thread(w, "iobench-worker-" + threads.size());
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            listener.ready(spec, run);
            boolean threadIo = provider.countedInProcIo();
            // io_uring may hand I/O to kernel threads of the process: then the process's counters hold the job's
            // storage I/O, but only when no other job runs in this process at the same time
            boolean processIo = !threadIo && spec.group().isEmpty();
            String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
            SystemSampler sampler = null;
            TaskCounters processOpened = null;
            long openedNanos;
            Timeline t;
            if (spec.rampNanos() == 0) {
                sampler = startSampler(target);
                processOpened = processIo ? TaskCounters.ofProcess() : null;
                t = Timeline.of(clock.nanoTime(), 0, spec.timeNanos());
                openedNanos = t.measureStartNanos();
                timeline[0] = t;
                listener.runStarted(spec, run, live(t, workers, plans));
                start.countDown(); // each worker's own first reading opens its window
            } else {
                t = Timeline.of(clock.nanoTime(), spec.rampNanos(), spec.timeNanos());
                timeline[0] = t;
                listener.runStarted(spec, run, live(t, workers, plans));
                start.countDown();
                // nothing of the warm-up enters the evidence: counters, CPU and device samples start here
                awaitMeasuredWindow(t, threads, control);
                openedNanos = clock.nanoTime();
                workers.forEach(w -> w.task.open());
                processOpened = processIo ? TaskCounters.ofProcess() : null;
                sampler = startSampler(target);
            }
            SteadyOutcome steady = spec.steady() == null ? null
                    : SteadyWatch.watch(spec, t, live(t, workers, plans), threads, clock, intervalNanos, control);
            joinAll(threads);
            TaskCounters processClosed = processOpened == null ? null : TaskCounters.ofProcess();
            long unwritten = spec.rw().writes() ? TaskEvidence.unwrittenBytes(fds.get(0)) : -1;

            long end = 0;
            for (Worker w : workers) {
                end = Math.max(end, w.stats.endNanos);
            }
            LatencyRecorder finalSync = new LatencyRecorder();
            long finalSyncNanos = 0;
            // An engine that stores nothing (null) has no file to sync.
            if (spec.sync().syncsAtEnd() && spec.rw().writes() && !control.stopped() && provider.storage()) {
                NativeIo io = new NativeIo();
                long s0 = clock.nanoTime();
                int rc = spec.sync() == SyncMode.FSYNC ? io.fsync(fds.get(0)) : io.fdatasync(fds.get(0));
                end = clock.nanoTime();
                finalSyncNanos = end - s0;
                finalSync.record(finalSyncNanos);
                if (rc < 0) {
                    control.fail(new IoFailure(-1, spec.sync().label(), 0, 0, -rc, Errno.name(-rc),
                            "final " + spec.sync().label() + " failed: " + Errno.describe(-rc)));
                }
            }
            SystemSeries system = sampler == null ? null : sampler.stop();
            List<TaskEvidence.Counted> counted = new ArrayList<>();
            for (Worker w : workers) {
                counted.add(new TaskEvidence.Counted(w.task, Math.max(0, w.stats.endNanos - openedNanos),
                        w.stats.issuedBytesRead, w.stats.issuedBytesWritten));
            }
            WorkerEvidence evidence = TaskEvidence.evidence(counted, threadIo,
                    processClosed == null ? null : processClosed.minus(processOpened), unwritten);
            Accounting accounting = TaskEvidence.accounting(counted, threadIo, provider.name());
            RunResult result = result(spec, run, startedAt, t, end, finalSyncNanos, finalSync, workers, control,
                    accounting, system, target, evidence);
            RunResult limited = withLimits(result, spec, workers, steady).withEvidence(evidence);
            listener.latencies(spec, run, latencies(workers, finalSync));
            return verification == null ? limited
                    : limited.withVerification(verification.finish(target.path(), limited.complete()));
        } finally {
            if (timeline[0] == null) {
                timeline[0] = new Timeline(0, 0, Long.MIN_VALUE); // released without a run: already past the deadline
            }
            start.countDown();
            control.interruptWorkersIfStillRunning(threads);
            for (IoEngine e : engines) {
                e.close();
            }
            for (int fd : fds) {
                if (fd >= 0) {
                    Libc.close(fd);
                }
            }
            for (NativeBuffer b : buffers) {
                b.close();
            }
        }
    }

    /** Starts the system monitor on the target's devices; null when off or when /proc cannot be read. */
    SystemSampler startSampler(PreparedTarget target) {
        if (sampleIntervalMillis <= 0) {
            return null;
        }
        List<String> devices = target.resolution().devices().stream().map(BlockDevice::name).toList();
        try {
            SystemSampler sampler = new SystemSampler(ProcFs.system(), devices, sampleIntervalMillis,
                    System::nanoTime);
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
        while (true) {
            long left = t.measureStartNanos() - clock.nanoTime();
            if (left <= 0 || control.stopped() || threads.stream().noneMatch(Thread::isAlive)) {
                return;
            }
            LockSupport.parkNanos(Math.min(left, WARM_UP_PARK_NANOS));
        }
    }

    private static void joinAll(List<Thread> threads) {
        threads.forEach(Threads::joinUninterruptibly);
    }

    private LiveView live(Timeline t, List<Worker> workers, List<WorkerPlan> plans) {
        long planned = 0;
        for (WorkerPlan p : plans) {
            planned = p.byteBudget() == Long.MAX_VALUE || planned < 0 ? -1 : planned + p.byteBudget();
        }
        long plannedBytes = planned;
        return new LiveView() {
            @Override
            public long requests() {
                long sum = 0;
                for (Worker w : workers) {
                    sum += w.stats.liveRequests();
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
            public long bytes() {
                long sum = 0;
                for (Worker w : workers) {
                    sum += w.stats.liveBytes();
                }
                return sum;
            }
        };
    }

    private RunResult result(JobSpec spec, int run, String startedAt, Timeline t, long end, long finalSyncNanos,
                             LatencyRecorder finalSync, List<Worker> workers, RunControl control,
                             Accounting accounting, SystemSeries system, PreparedTarget target,
                             WorkerEvidence evidence) {
        LatencyRecorder reads = new LatencyRecorder();
        LatencyRecorder writes = new LatencyRecorder();
        LatencyRecorder syncs = new LatencyRecorder();
        syncs.add(finalSync);
        IntervalSeries series = new IntervalSeries(intervalNanos);
        long bytesRead = 0, bytesWritten = 0, nReads = 0, nWrites = 0, syncCount = finalSync.count();
        long syncNanos = finalSyncNanos;
        List<WorkerResult> perWorker = new ArrayList<>();
        for (Worker w : workers) {
            WorkerStats s = w.stats;
            reads.add(s.readLatency);
            writes.add(s.writeLatency);
            syncs.add(s.syncLatency);
            series.merge(s.series);
            bytesRead += s.bytesRead;
            bytesWritten += s.bytesWritten;
            nReads += s.reads;
            nWrites += s.writes;
            syncCount += s.syncs;
            syncNanos += s.syncNanos;
            perWorker.add(new WorkerResult(perWorker.size(), s.bytesRead, s.bytesWritten, s.reads, s.writes,
                    Math.max(0, s.endNanos - t.measureStartNanos()), s.readLatency.summary(),
                    s.writeLatency.summary()));
        }
        long elapsed = Math.max(0, end - t.measureStartNanos());
        Totals totals = new Totals(bytesRead, bytesWritten, nReads, nWrites, elapsed, syncNanos, syncCount);
        List<String> warnings = new ArrayList<>(); // an accounting mismatch is the advisor's finding, not repeated here
        RunControl.StopReason why = control.reason();
        String stopReason = null;
        IoFailure failure = null;
        if (why instanceof RunControl.Interrupted i) {
            stopReason = i.describe();
        } else if (why instanceof RunControl.Failed f) {
            failure = f.failure();
            stopReason = failure.message();
        }
        SystemSummary summary = system == null ? null
                : SystemEvidence.summarize(system, target, totals, evidence);
        LatencyRecorder submission = new LatencyRecorder();
        LatencyRecorder completion = new LatencyRecorder();
        for (Worker w : workers) {
            submission.add(w.stats.submitLatency);
            completion.add(w.stats.completionLatency);
        }
        return new RunResult(run, startedAt, why == null, stopReason, failure, totals, reads.summary(),
                writes.summary(), syncs.summary(), intervalNanos, series.intervals(elapsed), perWorker, accounting,
                warnings, system, summary).withLatencySplit(submission.count() == 0 ? null
                : new LatencySplit(submission.summary(), completion.summary())).withLatency(all(reads, writes));
    }

    /** Every read and write together: the two histograms merged (percentiles of all requests). */
    static LatencySummary all(LatencyRecorder reads, LatencyRecorder writes) {
        LatencyRecorder all = new LatencyRecorder();
        all.add(reads);
        all.add(writes);
        return all.summary();
    }

    /** Copies of the workers' histograms, for a listener that merges runs of several processes. */
    private static RunLatencies latencies(List<Worker> workers, LatencyRecorder finalSync) {
        LatencyRecorder syncs = new LatencyRecorder();
        syncs.add(finalSync);
        for (Worker w : workers) {
            syncs.add(w.stats.syncLatency);
        }
        return new RunLatencies(workers.stream().map(w -> w.stats.readLatency.histogram()).toList(),
                workers.stream().map(w -> w.stats.writeLatency.histogram()).toList(), syncs.histogram());
    }

    /** Adds the rate-limited run's corrected latencies and the steady-state outcome, where they apply. */
    private static RunResult withLimits(RunResult r, JobSpec spec, List<Worker> workers, SteadyOutcome steady) {
        Pacing pacing = null;
        if (spec.rate() != null) {
            LatencyRecorder reads = new LatencyRecorder();
            LatencyRecorder writes = new LatencyRecorder();
            for (Worker w : workers) {
                reads.add(w.stats.correctedReadLatency);
                writes.add(w.stats.correctedWriteLatency);
            }
            pacing = new Pacing(spec.rate(), spec.rate().opsPerSecond(spec.blockSize()), reads.summary(),
                    writes.summary());
        }
        return new RunResult(r.run(), r.startedAt(), r.complete(), r.stopReason(), r.failure(), r.totals(),
                r.readLatency(), r.writeLatency(), r.syncLatency(), r.intervalNanos(), r.series(), r.workers(),
                r.accounting(), r.warnings(), r.system(), r.systemSummary(), r.verification(), pacing, steady,
                r.latencySplit(), r.evidence(), r.allLatency());
    }
}
