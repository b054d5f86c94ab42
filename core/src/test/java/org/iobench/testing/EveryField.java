package org.iobench.testing;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.iobench.job.DataPattern;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.job.RwMode;
import org.iobench.job.SteadyCriterion;
import org.iobench.job.SyncMode;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.Accounting;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.BlockHeaderFields;
import org.iobench.result.BlockMismatch;
import org.iobench.result.Extras;
import org.iobench.result.Interval;
import org.iobench.result.Intervals;
import org.iobench.result.IoFailure;
import org.iobench.result.Latencies;
import org.iobench.result.LatencySplit;
import org.iobench.result.LatencySummary;
import org.iobench.result.MismatchKind;
import org.iobench.result.Outcome;
import org.iobench.result.Pacing;
import org.iobench.result.QueueDepths;
import org.iobench.result.RunEvidence;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;
import org.iobench.result.SystemSummary;
import org.iobench.result.TargetInfo;
import org.iobench.result.ThreadUsage;
import org.iobench.result.Totals;
import org.iobench.result.VerifyResult;
import org.iobench.result.WorkerEvidence;
import org.iobench.result.WorkerResult;

/**
 * Two benchmarks with every field of a job and of a run set to something other than its default: the same values
 * the flat JobSpec and RunResult of before wrote into {@code report/golden/json-shape-v1.json} (with
 * {@code allLatency}, the last field a flat RunResult gained).
 */
public final class EveryField {
    private EveryField() {}

    private static LatencySummary lat(long base) {
        return new LatencySummary(10 + base, 100 + base, 250.5 + base, 200 + base, 300 + base, 400 + base,
                500 + base, 600 + base, 700 + base);
    }

    /** Every field of a job and of a run set to something other than its default. */
    public static List<BenchmarkResult> benchmarks() {
        SteadyCriterion criterion = new SteadyCriterion(SteadyCriterion.Metric.IOPS, 0.05, 5_000_000_000L);
        JobSpec spec = JobSpec.builder(Path.of("/data/target.dat")).name("shape").rw(RwMode.RANDRW)
                .mixReadPercent(70).blockSize(8192).sizeBytes(1 << 24).offsetBytes(4096).timeNanos(30_000_000_000L)
                .rampNanos(2_000_000_000L).threads(4).iodepth(8).batch(2).engine("uring").fixedBuffers(true)
                .direct(true).sync(SyncMode.FDATASYNC).fsyncEvery(16).runs(3).dropCache(true)
                .pattern(DataPattern.RANDOM).allowOverwrite(true).keep(true).seed(42).series("bs=4k..8k").group("g1")
                .truncate(false).exactSize(false).loopRegion(true).verify(VerifyChecksum.CRC32C).verifyAfter(true)
                .rate(RateLimit.iops(5000)).steady(criterion).build();
        JobSpec copy = JobSpec.builder(Path.of("/data/copy.dat")).rw(RwMode.COPY).source(Path.of("/data/src.dat"))
                .sourceOffsetBytes(1024).blockSize(65536).truncate(true).exactSize(true).allowOverwrite(true).build();
        Totals totals = new Totals(1000, 2000, 3, 4, 5_000_000, 600, 2, 4096, 1);
        IoFailure failure = new IoFailure(1, "write", 8192, 4096, 28, "ENOSPC", "write failed: ENOSPC");
        List<Interval> series = List.of(new Interval(0, 1_000_000_000L, 10, 20, 1, 2),
                new Interval(1, 500_000_000L, 30, 40, 3, 4));
        List<WorkerResult> workers = List.of(new WorkerResult(0, 1000, 2000, 3, 4, 5_000_000, lat(1), lat(2)));
        Accounting acc = new Accounting(true, 1000, 2000, 1001, 2002, false, "agrees");
        SystemSummary sum = new SystemSummary("vda", 11, 22, 1.5, 2.5, 0.25, 0.5, 40.0, 45.0, 3.0, 50.0, 123456,
                5000.0, 2.0, 0.5);
        VerifyResult ver = new VerifyResult("crc32c", "00000000000000ab", "inline+after", 5, 40960, 77, 6, 49152, 88,
                Map.of("torn", 1L), List.of(new BlockMismatch(8192, MismatchKind.TORN, "torn block",
                        new BlockHeaderFields("00000000000000ab", 8192, 8192, 3L, 1, 1700000000000L, "crc32c",
                                "deadbeef"), null, "cafebabe")), "a note");
        Pacing pacing = new Pacing(RateLimit.iops(5000), 5000.0, lat(3), lat(4));
        SteadyOutcome steady = new SteadyOutcome(criterion, true, 3_000_000_000L, List.of(100.0, 101.0), 100.5,
                0.005, List.of(409600.0, 413696.0), 0.005);
        WorkerEvidence ev = new WorkerEvidence("worker-threads", 4, 9_000_000, 100, 200, 0, 7_000_000, 1_000_000,
                4096, new ThreadUsage(2_000_000, 5_000_000, 120, 3, 40, 1),
                new QueueDepths(List.of(1L, 0L, 0L, 0L, 900L, 0L, 0L), List.of(0L, 10L, 20L, 0L, 0L, 0L, 0L),
                        List.of(2L, 25L, 5L, 0L, 0L, 0L, 0L)));
        RunResult full = new RunResult(1, "2026-12-01T06:00:00.000Z",
                new Outcome(false, "write failed: ENOSPC", failure, List.of("a warning")), totals,
                new Latencies(lat(7), lat(8), lat(9), new LatencySplit(lat(5), lat(6)), lat(13), lat(14)),
                new Intervals(1_000_000_000L, series), workers, new RunEvidence(acc, ev, null, sum),
                new Extras(ver, pacing, steady));
        RunResult bare = new RunResult(2, "2026-12-01T06:01:00.000Z", Outcome.COMPLETE, totals,
                new Latencies(lat(10), lat(11), lat(12), null), new Intervals(1_000_000_000L, List.of()), List.of(),
                new RunEvidence(acc, null, null, null), Extras.NONE);
        TargetInfo target = new TargetInfo("file", "/data/target.dat", true, 1 << 24, 512, 4096, "/dev/vda", "ext4");
        return List.of(BenchmarkResult.of(spec, target, List.of(full, bare)),
                BenchmarkResult.of(copy, target, List.of(bare)));
    }
}
