package org.iobench.result;

import java.util.List;

/**
 * Throughput across the complete runs of a job (the "min avg max" table users build by hand), and p99 latency of
 * all requests (reads and writes together).
 */
public record RunSummary(Stat bytesPerSecond, Stat iops, Stat p99LatencyNs) {

    public static RunSummary of(List<RunResult> runs) {
        List<RunResult> done = runs.stream().filter(RunResult::complete).toList();
        double[] bw = done.stream().mapToDouble(r -> r.totals().bytesPerSecond()).toArray();
        double[] iops = done.stream().mapToDouble(r -> r.totals().iops()).toArray();
        double[] p99 = done.stream().mapToDouble(r -> r.latencies().allOrLarger().p99Ns()).toArray();
        return new RunSummary(Stat.of(bw), Stat.of(iops), Stat.of(p99));
    }
}
