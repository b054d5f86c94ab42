package org.iobench.cluster;

import java.util.List;
import org.iobench.result.BenchmarkResult;

/**
 * A multi-host job's results: each host's part and, per benchmark, the aggregate over all hosts. The aggregate's
 * byte and request counts are the exact sums of the hosts'; its elapsed time is the longest host's (the last done);
 * its latency percentiles come from the merged histograms of every worker of every host; its per-second series is
 * the sum of the hosts' series aligned on the common start. {@link #stonewalls} gives the rate while all ran.
 *
 * @param parts      per host, in {@code --hosts} order
 * @param aggregate  per benchmark (job), in job order; incomplete when any host's part is
 * @param stonewalls per benchmark and run, in order
 */
public record ClusterResult(List<HostPart> parts, List<BenchmarkResult> aggregate, List<Stonewall> stonewalls) {
    public ClusterResult {
        parts = List.copyOf(parts);
        aggregate = List.copyOf(aggregate);
        stonewalls = List.copyOf(stonewalls);
    }

    public boolean complete() {
        return aggregate.stream().allMatch(BenchmarkResult::complete) && parts.stream().noneMatch(HostPart::lost);
    }

    public Stonewall stonewall(int benchmark, int run) {
        return stonewalls.stream().filter(s -> s.benchmark() == benchmark && s.run() == run).findFirst().orElse(null);
    }
}
