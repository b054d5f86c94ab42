package org.iobench.cluster;

import java.util.Collections;
import java.util.List;
import org.iobench.measure.RunLatencies;
import org.iobench.result.BenchmarkResult;

/**
 * One host's share of a multi-host job, decoded: its results (as a local run of the same job would have them),
 * each run's histograms, and whether it was lost mid-job.
 *
 * @param host         the name given in {@code --hosts}
 * @param benchmarks   its benchmarks in job order; empty for a host lost before its result came back
 * @param latencies    per benchmark index, per run (1-based, index run - 1): the run's histograms, null if missing
 * @param lost         the host left mid-job (connection lost, no result, or it sent none after a stop)
 * @param message      why it failed or was lost; null when it completed
 * @param lastBytes    the measured bytes of its last progress report (partial figures of a lost host); -1 if none
 * @param lastElapsedNanos the measured time of that report; -1 if none
 * @param lastRun      the job and run that report belongs to ({@code seq-write run 1}), or null
 */
public record HostPart(String host, List<BenchmarkResult> benchmarks, List<List<RunLatencies>> latencies,
                       boolean lost, String message, long lastBytes, long lastElapsedNanos, String lastRun) {
    public HostPart {
        benchmarks = List.copyOf(benchmarks);
        latencies = latencies.stream().map(Collections::unmodifiableList).toList();
    }

    /** The histograms of benchmark {@code index}, run {@code run}; null if missing. */
    public RunLatencies latency(int index, int run) {
        if (index >= latencies.size() || run < 1 || run > latencies.get(index).size()) {
            return null;
        }
        return latencies.get(index).get(run - 1);
    }
}
