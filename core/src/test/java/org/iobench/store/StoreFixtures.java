package org.iobench.store;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.result.Accounting;
import org.iobench.result.Extras;
import org.iobench.result.Intervals;
import org.iobench.result.Latencies;
import org.iobench.result.Outcome;
import org.iobench.result.RunEvidence;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.TargetInfo;
import org.iobench.result.Totals;
import org.iobench.sysmon.env.Environment;

/** Synthetic results with exact throughputs, and fixed environments, so stored tables are stable. */
public final class StoreFixtures {
    public static final Instant T0 = Instant.parse("2026-11-02T10:00:00Z");
    public static final Environment ENV = new Environment("bench1", "6.18.0-test", "root=/dev/vda1 ro",
            "Test CPU @ 2.40GHz", 2, 4L << 30,
            new Environment.Filesystem("ext4", "/", "/dev/vda1", List.of("rw", "relatime")),
            new Environment.Device("vda1", "vda", null, 20L << 30, false, "mq-deadline", 512, 4096, null),
            "0.1.0-test", "abcdef123456", "25+36 (test VM)");

    private StoreFixtures() {}

    /**
     * A job of {@code rw} with block size {@code bs} and one complete repetition per rate, each moving
     * {@code bytesPerSecond} for exactly one second.
     */
    public static BenchmarkResult result(String target, RwMode rw, long bs, int threads, boolean direct,
                                         double... bytesPerSecond) {
        return result(target, rw, bs, threads, direct, 4000, bytesPerSecond);
    }

    /** As {@link #result(String, RwMode, long, int, boolean, double...)}, every repetition's p99 {@code p99Ns}. */
    public static BenchmarkResult result(String target, RwMode rw, long bs, int threads, boolean direct, long p99Ns,
                                         double... bytesPerSecond) {
        JobSpec job = JobSpec.builder(Path.of(target)).rw(rw).blockSize(bs).threads(threads).direct(direct)
                .runs(bytesPerSecond.length).build();
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < bytesPerSecond.length; i++) {
            long bytes = Math.round(bytesPerSecond[i]);
            long ops = bytes / bs;
            boolean reads = rw.reads();
            Totals t = new Totals(reads ? bytes : 0, reads ? 0 : bytes, reads ? ops : 0, reads ? 0 : ops,
                    1_000_000_000L, 0, 0);
            LatencySummary lat = new LatencySummary(ops, 1000, 2000, 2000, 3000, p99Ns, p99Ns + 1000, p99Ns + 2000, p99Ns + 3000);
            runs.add(new RunResult(i + 1, T0.plusSeconds(i).toString(), Outcome.COMPLETE, t,
                    new Latencies(reads ? lat : LatencySummary.EMPTY, reads ? LatencySummary.EMPTY : lat,
                            LatencySummary.EMPTY, null), new Intervals(1_000_000_000L, List.of()), List.of(),
                    new RunEvidence(new Accounting(false, 0, 0, 0, 0, false, "synthetic"), null, null, null),
                    Extras.NONE));
        }
        return BenchmarkResult.of(job, new TargetInfo("block-device", target, false, 1L << 30, 512, 4096, "md0", null),
                runs);
    }

    public static NewRun run(BenchmarkResult r, Map<String, String> labels, Instant at) {
        return new NewRun(r, ENV, labels, null, "iobench", at);
    }
}
