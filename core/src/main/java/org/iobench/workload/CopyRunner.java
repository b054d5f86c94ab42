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
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.measure.IntervalSeries;
import org.iobench.measure.LatencyRecorder;
import org.iobench.measure.NanoClock;
import org.iobench.measure.ProcessIo;
import org.iobench.result.Accounting;
import org.iobench.result.IoFailure;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.sysmon.SystemSampler;
import org.iobench.sysmon.SystemSeries;
import org.iobench.result.Totals;
import org.iobench.result.WorkerResult;
import org.iobench.sys.Errno;
import org.iobench.sys.Libc;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.OpenFlags;
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
    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

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
        EngineProvider provider = Engines.byName(spec.engine()).orElseThrow(() ->
                new InvalidJobException("--engine", spec.engine(), "unknown engine"));
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
            ProcessIo before = ProcessIo.read();
            String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
            long start = clock.nanoTime();
            listener.runStarted(spec, run, copy.live(start));
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            copy.loop(start);
            long end = clock.nanoTime();
            if (spec.sync().syncsAtEnd() && !control.stopped()) {
                copy.sync(spec.sync() == SyncMode.FSYNC ? IoOp.FSYNC : IoOp.FDATASYNC);
                end = clock.nanoTime();
            }
            long cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
            ProcessIo after = ProcessIo.read();
            SystemSeries system = sampler == null ? null : sampler.stop();
            Accounting accounting = JobRunner.inGroup(spec, accounting(provider, copy, before, after));
            SystemSummary summary = system == null ? null
                    : SystemEvidence.summarize(system, target, accounting, 1, cpu, cpu, Math.max(0, end - start));
            return copy.result(run, startedAt, start, end, accounting, system, summary);
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

    private static Accounting accounting(EngineProvider provider, Copy c, ProcessIo before, ProcessIo after) {
        if (!provider.countedInProcIo()) { // io_uring, native AIO: rchar/wchar never see them
            return new Accounting(false, c.issuedRead, c.issuedWritten, 0, 0, false, "the " + provider.name()
                    + " engine's I/O is not counted in /proc/self/io rchar/wchar: nothing to compare with");
        }
        if (before == null || after == null) {
            return new Accounting(false, c.issuedRead, c.issuedWritten, 0, 0, false,
                    "/proc/self/io is not readable here");
        }
        long kr = after.rchar() - before.rchar();
        long kw = after.wchar() - before.wchar();
        boolean off = JobRunner.off(c.issuedRead, kr) || JobRunner.off(c.issuedWritten, kw);
        return new Accounting(true, c.issuedRead, c.issuedWritten, kr, kw, off, off
                ? "iobench counted " + c.issuedRead + " bytes read and " + c.issuedWritten + " written; the kernel"
                        + " counted " + kr + " (rchar) and " + kw + " (wchar)"
                : "agrees with /proc/self/io within 1%");
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

        RunResult result(int run, String startedAt, long start, long end, Accounting accounting,
                         SystemSeries system, SystemSummary summary) {
            long elapsed = Math.max(0, end - start);
            Totals totals = new Totals(bytesRead, bytesWritten, reads, writes, elapsed, syncNanos,
                    syncLatency.count());
            RunControl.StopReason why = control.reason();
            IoFailure failure = why instanceof RunControl.Failed f ? f.failure() : null;
            String stopReason = why instanceof RunControl.Interrupted ? "interrupted"
                    : failure != null ? failure.message() : null;
            List<String> warnings = new ArrayList<>();
            if (accounting.mismatch()) {
                warnings.add("accounting mismatch: " + accounting.note());
            }
            WorkerResult worker = new WorkerResult(0, bytesRead, bytesWritten, reads, writes, elapsed,
                    readLatency.summary(), writeLatency.summary());
            return new RunResult(run, startedAt, why == null, stopReason, failure, totals, readLatency.summary(),
                    writeLatency.summary(), syncLatency.summary(), intervalNanos, series.intervals(elapsed),
                    List.of(worker), accounting, warnings, system, summary);
        }
    }
}
