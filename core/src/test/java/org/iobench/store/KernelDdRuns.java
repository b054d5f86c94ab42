package org.iobench.store;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.iobench.job.JobSpec;
import org.iobench.job.KernelDdSuite;
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
import org.iobench.result.TestId;
import org.iobench.result.Totals;

/**
 * User story 002 as stored runs of {@code iobench suite kernel-dd --remote DIR --runs 3}: the post's MB/s per job
 * under three kernels (dd1 28/50/96, dd2 2x16.5/2x11/2x44.5, ..., net1 30-33/50-55/37-52, mix3 17/32, 25/50, 96/35
 * as disk/combined network), each repetition at 0.99, 1.00 and 1.01 times the post's figure (net1 at its range's
 * low, middle and high), with the final sync inside the time as the post's follow-up measured it (dd1 and dd3 lose
 * 18 s, 19 s and 6 s to it). Jobs are the suite's own ({@link KernelDdSuite#stages}); fixed dates keep ids stable.
 */
public final class KernelDdRuns {
    public static final String[] KERNELS = {"2.6.19.2", "2.6.22.6", "2.6.24-rc1"};
    private static final double GB = 1e9;
    /** Per test: bytes per job, and per kernel the MB/s of each job (sync inside) and the final sync's seconds. */
    private static final Object[][] TESTS = {
            {"dd1", 16 * GB, new double[][] {{28}, {50}, {96}}, new double[] {18, 19, 6}},
            {"dd1-dir", 16 * GB, new double[][] {{88}, {88}, {86}}, new double[] {0.1, 0.1, 0.1}},
            {"dd2", 7.6 * GB, new double[][] {{16.5, 16.5}, {11, 11}, {44.5, 44.5}}, new double[] {18, 19, 6}},
            {"dd2-dir", 7.6 * GB, new double[][] {{44, 44}, {44, 44}, {43, 43}}, new double[] {0.1, 0.1, 0.1}},
            {"dd3", 5.2 * GB, new double[][] {{9.8, 9.8, 9.8}, {8.7, 8.7, 8.7}, {30, 30, 30}},
                    new double[] {18, 19, 6}},
            {"dd3-dir", 5.2 * GB, new double[][] {{29.5, 29.5, 29.5}, {29.5, 29.5, 29.5}, {28.5, 28.5, 28.5}},
                    new double[] {0.1, 0.1, 0.1}},
            {"net1", 5.2 * GB, new double[][] {{31.5}, {52.5}, {44.5}}, new double[] {9, 9, 3}},
            {"mix3", 5.2 * GB, new double[][] {{17, 16, 16}, {25, 25, 25}, {96, 17.5, 17.5}},
                    new double[] {12, 12, 4}}};
    /** Repetitions of each test: 0.99, 1.00, 1.01 times the figure; net1 over its range (30-33, 50-55, 37-52). */
    private static final double[] SPREAD = {0.99, 1.00, 1.01};
    private static final double[][] NET1 = {{30, 31.5, 33}, {50, 52.5, 55}, {37, 44.5, 52}};

    private KernelDdRuns() {}

    /** Saves the suite's runs for each of {@code kernels} (indexes into {@link #KERNELS}), in that order. */
    public static void save(ResultStore store, int... kernels) {
        Instant t = StoreFixtures.T0.plus(Duration.ofDays(10));
        List<List<JobSpec>> stages = KernelDdSuite.stages(Path.of("/mnt/local"), Path.of("/mnt/nfs"), 48L << 20, 3);
        for (int k : kernels) {
            List<NewRun> runs = new ArrayList<>();
            for (int test = 0; test < TESTS.length; test++) {
                List<JobSpec> stage = stages.get(test);
                double bytes = (double) TESTS[test][1];
                double[] perJob = ((double[][]) TESTS[test][2])[k];
                double syncSeconds = ((double[]) TESTS[test][3])[k];
                for (int member = 0; member < stage.size(); member++) {
                    double[] rates = new double[3];
                    for (int r = 0; r < 3; r++) {
                        rates[r] = test == 6 ? NET1[k][r] : perJob[member] * SPREAD[r];
                    }
                    BenchmarkResult b = result(stage.get(member), (long) bytes, rates, syncSeconds, t)
                            .withTest(new TestId((String) TESTS[test][0], member + 1, stage.size()));
                    runs.add(new NewRun(b, StoreFixtures.ENV, Map.of("kernel", KERNELS[k]), null, "iobench", t));
                }
                t = t.plus(Duration.ofMinutes(10));
            }
            store.saveAll(runs);
        }
    }

    /** Three repetitions of {@code job}, each moving {@code bytes} at {@code mbPerSecond[r]} (sync inside). */
    private static BenchmarkResult result(JobSpec job, long bytes, double[] mbPerSecond, double syncSeconds,
                                          Instant at) {
        List<RunResult> runs = new ArrayList<>();
        boolean copy = job.copy().source() != null;
        for (int r = 0; r < mbPerSecond.length; r++) {
            long elapsed = Math.round(bytes / (mbPerSecond[r] * 1e6) * 1e9);
            long sync = Math.round(syncSeconds * 1e9);
            long writes = bytes / (1 << 20);
            Totals t = new Totals(copy ? bytes : 0, bytes, copy ? writes : 0, writes, elapsed, sync, 1);
            LatencySummary lat = new LatencySummary(writes, 1000, 2000, 2000, 3000, 4000, 5000, 6000, 7000);
            runs.add(new RunResult(r + 1, at.plusSeconds(r).toString(), Outcome.COMPLETE, t,
                    new Latencies(copy ? lat : LatencySummary.EMPTY, lat, LatencySummary.EMPTY, null),
                    new Intervals(1_000_000_000L, List.of()), List.of(),
                    new RunEvidence(new Accounting(false, 0, 0, 0, 0, false, "synthetic"), null, null, null),
                    Extras.NONE));
        }
        return BenchmarkResult.of(job, new TargetInfo("file", job.target().toString(), true, bytes, 512, 4096,
                "sda", "ext3"), runs);
    }
}
