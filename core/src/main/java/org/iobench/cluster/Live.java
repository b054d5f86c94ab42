package org.iobench.cluster;

import java.util.Comparator;
import java.util.List;

/**
 * The cluster's progress at one moment, for a live line: the run going on and each host's rate over its last
 * progress interval.
 *
 * @param job          the job's name
 * @param run          its repetition
 * @param elapsedNanos the longest measured time any host reported
 * @param hosts        hosts that reported progress in this run, in {@code --hosts} order
 */
public record Live(String job, int run, long elapsedNanos, List<HostRate> hosts) {
    public Live {
        hosts = List.copyOf(hosts);
    }

    /** One host's latest rates; {@code lost} when it left mid-run. */
    public record HostRate(String host, double bytesPerSecond, double opsPerSecond, boolean lost) {}

    public double bytesPerSecond() {
        return hosts.stream().filter(h -> !h.lost()).mapToDouble(HostRate::bytesPerSecond).sum();
    }

    public double opsPerSecond() {
        return hosts.stream().filter(h -> !h.lost()).mapToDouble(HostRate::opsPerSecond).sum();
    }

    /** The running host with the lowest rate, or null with fewer than two. */
    public HostRate slowest() {
        List<HostRate> running = hosts.stream().filter(h -> !h.lost()).toList();
        if (running.size() < 2) {
            return null;
        }
        return running.stream().min(Comparator.comparingDouble(HostRate::bytesPerSecond)).orElseThrow();
    }
}
