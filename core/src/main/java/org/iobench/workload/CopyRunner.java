package org.iobench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.job.DataPattern;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.measure.IntervalSeries;
import org.iobench.measure.LatencyRecorder;
import org.iobench.measure.NanoClock;
import org.iobench.measure.RunLatencies;
import org.iobench.result.Accounting;
import org.iobench.result.IoFailure;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.Totals;
import org.iobench.result.WorkerEvidence;
import org.iobench.result.WorkerResult;
import org.iobench.sys.Errno;
import org.iobench.sys.Libc;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.OpenFlags;
import org.iobench.sysmon.SystemSampler;
import org.iobench.sysmon.SystemSeries;
import org.iobench.workload.target.PreparedTarget;

/**
 * One run of a {@code copy} job: reads a block of the source, writes what was read to the target at the same
 * relative position, until the source ends, {@code sizeBytes} are copied, the target region is full, or the time
 * is up. Both sides are measured: bytes read from the source with their latency, bytes written to the target
 * with theirs. {@code /dev/zero} as the source is never read: the buffer simply stays zero (or the pattern).
 *
 * <p>One worker, one request in flight: a copy is dd's loop, and parallel copies are parallel jobs.
 */
final class CopyRunner {
    static final Path DEV_ZERO = Path.of("/dev/zero");

    private final JobRunner monitor;
    private final NanoClock clock;
    private final long intervalNanos;

    CopyRunner(JobRunner monitor, NanoClock clock, long intervalNanos) {
        this.monitor = monitor;
        this.clock = clock;
        this.intervalNanos = intervalNanos;
    }

    RunResult run(JobSpec spec, PreparedTarget target, int run, RunControl control, RunListener listener)
            throws IOException {
        EngineProvider provider = Engines.require(spec.engine());
        boolean zero = spec.source().equals(DEV_ZERO);
        int src = -1;
        int dst = -1;
        NativeBuffer buffer = NativeBuffer.allocate(spec.blockSize(), target.bufferAlignment());
        IoEngine engine = null;
        try {
            if (spec.pattern() == DataPattern.RANDOM) {
                buffer.fillRandom(spec.seed());
            }
            if (!zero) {
                src = Libc.open(spec.source(), OpenFlags.O_RDONLY | (spec.direct() ? OpenFlags.O_DIRECT : 0), 0);
            }
            dst = target.open(spec);
            engine = provider.create(new EngineOptions(1, 1, zero ? List.of(dst) : List.of(src, dst),
                    List.of(buffer), spec.fixedBuffers()));
            Copy copy = new Copy(spec, target, engine, new IoRequest(0, buffer), src, dst, control);
            listener.ready(spec, run);
            SystemSampler sampler = monitor.startSampler(target);
            String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
            long start = clock.nanoTime();
            listener.runStarted(spec, run, copy.live(start));
            // the copy runs on this thread: its own counters, taken around the loop, are the copy's
            TaskWindow task = new TaskWindow();
            task.begin();
            copy.loop(start);
            long loopEnd = clock.nanoTime();
            task.end();
            long unwritten = TaskEvidence.unwrittenBytes(dst);
            long end = loopEnd;
            if (spec.sync().syncsAtEnd() && !control.stopped()) {
                copy.sync(spec.sync() == SyncMode.FSYNC ? IoOp.FSYNC : IoOp.FDATASYNC);
                end = clock.nanoTime();
            }
            SystemSeries system = sampler == null ? null : sampler.stop();
            List<TaskEvidence.Counted> counted = List.of(new TaskEvidence.Counted(task,
                    Math.max(0, loopEnd - start), copy.issuedRead, copy.issuedWritten));
            WorkerEvidence evidence = TaskEvidence.evidence(counted, provider.countedInProcIo(), null, unwritten);
            Accounting accounting = TaskEvidence.accounting(counted, provider.countedInProcIo(), provider.name());
            Totals totals = copy.totals(start, end);
            SystemSummary summary = system == null ? null
                    : SystemEvidence.summarize(system, target, totals, evidence);
            RunResult result = copy.result(run, startedAt, start, end, accounting, system, summary)
                    .withEvidence(evidence);
            listener.latencies(spec, run, new RunLatencies(List.of(copy.readLatency.histogram()),
                    List.of(copy.writeLatency.histogram()), copy.syncLatency.histogram()));
            return result;
        } finally {
            if (engine != null) {
                engine.close();
            }
            if (src >= 0) {
                Libc.close(src);
            }
            if (dst >= 0) {
                Libc.close(dst);
            }
            buffer.close();
        }
    }

    /** The state of one copy run; used by the runner's thread only, except {@link #live}. */
    private final class Copy {
        final JobSpec spec;
        final IoEngine engine;
        final IoRequest request;
        final int src;
        final int dst;
        final RunControl control;
        final long budget;
        final LatencyRecorder readLatency = new LatencyRecorder();
        final LatencyRecorder writeLatency = new LatencyRecorder();
        final LatencyRecorder syncLatency = new LatencyRecorder();
        final IntervalSeries series = new IntervalSeries(intervalNanos);
        long bytesRead, bytesWritten, reads, writes, syncNanos;
        long issuedRead, issuedWritten;
        volatile long liveBytes;

        Copy(JobSpec spec, PreparedTarget target, IoEngine engine, IoRequest request, int src, int dst,
             RunControl control) {
            this.spec = spec;
            this.engine = engine;
            this.request = request;
            this.src = src;
            this.dst = dst;
            this.control = control;
            long limit = spec.sizeBytes() > 0 ? spec.sizeBytes() : Long.MAX_VALUE;
            if (target.kind() == PreparedTarget.Kind.BLOCK_DEVICE) {
                limit = Math.min(limit, target.regionBytes());
            } else if (src < 0 && spec.sizeBytes() == 0) {
                limit = target.regionBytes(); // /dev/zero never ends: fill the region
            }
            this.budget = limit;
        }

        LiveView live(long start) {
            return new LiveView() {
                @Override public long elapsedNanos() { return clock.nanoTime() - start; }
                @Override public long bytes() { return liveBytes; }
                @Override public long plannedBytes() {
                    return budget == Long.MAX_VALUE || budget <= 0 || spec.timeBased() ? -1 : budget;
                }
            };
        }

        void loop(long start) {
            long deadline = spec.timeBased() ? start + spec.timeNanos() : Long.MAX_VALUE;
            long done = 0;
            while (done < budget && !control.stopped() && clock.nanoTime() < deadline) {
                long want = Math.min(spec.blockSize(), budget - done);
                long got;
                if (src < 0) {
                    got = want;
                } else {
                    got = transfer(IoOp.READ, src, spec.sourceOffsetBytes() + done, want, start);
                    if (got <= 0) {
                        return; // end of the source, or a failure already reported
                    }
                }
                if (transfer(IoOp.WRITE, dst, spec.offsetBytes() + done, got, start) < 0) {
                    return;
                }
                done += got;
                liveBytes = bytesRead + bytesWritten;
            }
        }

        /** One whole transfer of {@code length} bytes from the buffer's start; returns bytes moved, or -1. */
        private long transfer(IoOp op, int fd, long offset, long length, long start) {
            long issued = clock.nanoTime();
            request.prepare(op, fd, offset, length);
            long moved = 0;
            while (true) {
                submit();
                long result = request.result();
                if (result < 0) {
                    fail(op, request.offset(), request.length(), (int) -result);
                    return -1;
                }
                if (op == IoOp.READ) {
                    issuedRead += result;
                } else {
                    issuedWritten += result;
                }
                moved += result;
                if (result == 0 || result == request.length() || op == IoOp.READ) {
                    break; // a short read is the end of the source: dd's partial record
                }
                request.advance(result);
            }
            if (op == IoOp.WRITE && moved < length) {
                control.fail(new IoFailure(0, "write", offset, length, 0, "", "write at offset " + offset
                        + " transferred nothing: the target is full or ended"));
                return -1;
            }
            long now = clock.nanoTime();
            if (moved > 0) {
                if (op == IoOp.READ) {
                    reads++;
                    bytesRead += moved;
                    readLatency.record(now - issued);
                } else {
                    writes++;
                    bytesWritten += moved;
                    writeLatency.record(now - issued);
                }
                series.record(now - start, op == IoOp.WRITE, moved);
            }
            return moved;
        }

        private void submit() {
            SubmitStatus status = engine.submit(request);
            while (status == SubmitStatus.BUSY) {
                engine.commit();
                status = engine.submit(request);
            }
            if (status == SubmitStatus.QUEUED) {
                engine.commit();
                org.iobench.engine.Completions done = new org.iobench.engine.Completions(1);
                while (engine.reap(1, done) == 0) {
                    Thread.onSpinWait();
                }
            }
        }

        void sync(IoOp op) {
            long s0 = clock.nanoTime();
            request.prepare(op, dst, 0, 0);
            submit();
            long took = clock.nanoTime() - s0;
            syncNanos += took;
            syncLatency.record(took);
            if (request.result() < 0) {
                fail(op, 0, 0, (int) -request.result());
            }
        }

        private void fail(IoOp op, long offset, long length, int errno) {
            String what = op.name().toLowerCase();
            String path = op == IoOp.READ ? spec.source().toString() : spec.target().toString();
            control.fail(new IoFailure(0, what, offset, length, errno, Errno.name(errno), what + " of " + length
                    + " bytes at offset " + offset + " of " + path + " failed: " + Errno.describe(errno)));
        }

        Totals totals(long start, long end) {
            return new Totals(bytesRead, bytesWritten, reads, writes, Math.max(0, end - start), syncNanos,
                    syncLatency.count());
        }

        RunResult result(int run, String startedAt, long start, long end, Accounting accounting,
                         SystemSeries system, SystemSummary summary) {
            long elapsed = Math.max(0, end - start);
            Totals totals = totals(start, end);
            RunControl.StopReason why = control.reason();
            IoFailure failure = why instanceof RunControl.Failed f ? f.failure() : null;
            String stopReason = why instanceof RunControl.Interrupted i ? i.describe()
                    : failure != null ? failure.message() : null;
            List<String> warnings = new ArrayList<>(); // an accounting mismatch is the advisor's finding
            WorkerResult worker = new WorkerResult(0, bytesRead, bytesWritten, reads, writes, elapsed,
                    readLatency.summary(), writeLatency.summary());
            return new RunResult(run, startedAt, why == null, stopReason, failure, totals, readLatency.summary(),
                    writeLatency.summary(), syncLatency.summary(), intervalNanos, series.intervals(elapsed),
                    List.of(worker), accounting, warnings, system, summary)
                    .withLatency(JobRunner.all(readLatency, writeLatency));
        }
    }
}
