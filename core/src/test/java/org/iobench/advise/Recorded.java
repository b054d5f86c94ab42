package org.iobench.advise;

import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.result.Accounting;
import org.iobench.result.Extras;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.TargetInfo;
import org.iobench.result.Totals;
import org.iobench.result.WorkerEvidence;

/**
 * Results with chosen evidence, for judging rules without running I/O: a one-second run on {@code vda} whose
 * workers' counters and device counters are set by the test.
 */
final class Recorded {
    static final long SECOND = 1_000_000_000L;

    private Recorded() {}

    /** The evidence of a run: what the job moved, what its workers caused, what the device did, and the CPUs. */
    record Run(long bytesRead, long bytesWritten, long workerReadBytes, long workerWriteBytes, long deviceRead,
               long deviceWritten, double utilPercent, double onCpuShare, double runQueueShare,
               double otherCpuCores, boolean mismatch, long unwritten) {

        static Run of(long bytesRead, long bytesWritten) {
            return new Run(bytesRead, bytesWritten, bytesRead, bytesWritten, bytesRead, bytesWritten, 90, 0.1, 0,
                    0, false, -1);
        }

        Run workers(long read, long written) {
            return new Run(bytesRead, bytesWritten, read, written, deviceRead, deviceWritten, utilPercent,
                    onCpuShare, runQueueShare, otherCpuCores, mismatch, unwritten);
        }

        Run device(long read, long written, double util) {
            return new Run(bytesRead, bytesWritten, workerReadBytes, workerWriteBytes, read, written, util,
                    onCpuShare, runQueueShare, otherCpuCores, mismatch, unwritten);
        }

        Run cpu(double onCpu, double runQueue, double others) {
            return new Run(bytesRead, bytesWritten, workerReadBytes, workerWriteBytes, deviceRead, deviceWritten,
                    utilPercent, onCpu, runQueue, others, mismatch, unwritten);
        }

        /** The target's dirty and writeback bytes when the workers stopped (cachestat). */
        Run unwrittenAtStop(long bytes) {
            return new Run(bytesRead, bytesWritten, workerReadBytes, workerWriteBytes, deviceRead, deviceWritten,
                    utilPercent, onCpuShare, runQueueShare, otherCpuCores, mismatch, bytes);
        }

        Run miscounted() {
            return new Run(bytesRead, bytesWritten, workerReadBytes, workerWriteBytes, deviceRead, deviceWritten,
                    utilPercent, onCpuShare, runQueueShare, otherCpuCores, true, unwritten);
        }
    }

    static JobSpec.Builder job(String name) {
        return JobSpec.builder(Path.of("/data/" + name)).name(name);
    }

    static BenchmarkResult result(JobSpec job, Run... runs) {
        return result(job, WorkerEvidence.WORKER_THREADS, runs);
    }

    static BenchmarkResult result(JobSpec job, String storageSource, Run... runs) {
        return result(job, new TargetInfo("file", job.target().toString(), false, 1L << 30, 512, 4096, "/dev/vda",
                "ext4"), storageSource, runs);
    }

    /** On a target of the test's choosing (a tmpfs file: no device). */
    static BenchmarkResult result(JobSpec job, TargetInfo target, String storageSource, Run... runs) {
        List<RunResult> done = new java.util.ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            done.add(run(job, i + 1, storageSource, runs[i]));
        }
        return BenchmarkResult.of(job, target, done);
    }

    private static RunResult run(JobSpec job, int number, String source, Run e) {
        long ops = (e.bytesRead() + e.bytesWritten()) / job.workload().blockSize();
        long reads = e.bytesRead() / job.workload().blockSize();
        Totals totals = new Totals(e.bytesRead(), e.bytesWritten(), reads, ops - reads, SECOND, 0, 0);
        LatencySummary latency = new LatencySummary(ops, 50_000, 100_000, 100_000, 120_000, 150_000, 200_000,
                300_000, 400_000);
        long threadNanos = SECOND * job.queue().threads();
        boolean known = !WorkerEvidence.NONE.equals(source);
        WorkerEvidence w = new WorkerEvidence(source, job.queue().threads(), threadNanos,
                known ? e.workerReadBytes() : -1, known ? e.workerWriteBytes() : -1, known ? 0 : -1,
                (long) (e.onCpuShare() * threadNanos), (long) (e.runQueueShare() * threadNanos), e.unwritten(), null,
                null);
        SystemSummary s = new SystemSummary("vda", e.deviceRead(), e.deviceWritten(), Double.NaN, Double.NaN,
                0.1, 0.1, e.onCpuShare() * 100, (e.onCpuShare() + e.runQueueShare()) * 100, 1, e.utilPercent(),
                1L << 20, 1000, 2, e.otherCpuCores());
        Accounting a = new Accounting(true, e.bytesRead(), e.bytesWritten(), e.bytesRead(),
                e.bytesWritten() + (e.mismatch() ? 4 << 20 : 0), e.mismatch(), e.mismatch()
                ? "the workers counted less than the kernel" : "agrees");
        return new RunResult(number, "2026-12-01T00:00:00Z", Outcome.COMPLETE, totals,
                new Latencies(e.bytesRead() > 0 ? latency : LatencySummary.EMPTY,
                        e.bytesWritten() > 0 ? latency : LatencySummary.EMPTY, LatencySummary.EMPTY, null),
                new Intervals(SECOND, List.of()), List.of(), new RunEvidence(a, w, null, s), Extras.NONE);
    }
}
