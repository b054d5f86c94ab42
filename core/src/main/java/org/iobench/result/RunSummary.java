package org.iobench.result;

import java.util.List;

/**
 * Throughput across the complete runs of a job (the "min avg max" table users build by hand), and p99 latency of
 * all requests (reads and writes together).
 */
public record RunSummary(Stat bytesPerSecond, Stat iops, Stat p99LatencyNs) {

    public static RunSummary of(List<RunResult> runs) {
        return over(runs.stream().filter(RunResult::complete).toList());
    }

    /**
     * The same figures over {@code runs} whatever their outcome: what a table shows, marked partial, for a point
     * none of whose runs completed (stopped by an error or a signal), instead of nothing.
     */
    public static RunSummary over(List<RunResult> runs) {
        double[] bw = runs.stream().mapToDouble(r -> r.totals().bytesPerSecond()).toArray();
        double[] iops = runs.stream().mapToDouble(r -> r.totals().iops()).toArray();
        double[] p99 = runs.stream().mapToDouble(r -> r.latencies().allOrLarger().p99Ns()).toArray();
        return new RunSummary(Stat.of(bw), Stat.of(iops), Stat.of(p99));
    }
}
