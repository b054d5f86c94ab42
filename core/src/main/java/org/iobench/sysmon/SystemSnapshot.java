package org.iobench.sysmon;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * One reading of the system's counters, taken at a monotonic instant. Two snapshots make a {@link SystemSample}.
 *
 * @param monotonicNanos when it was taken, from a monotonic clock ({@link System#nanoTime()} unless injected)
 * @param uptimeSeconds  seconds since boot ({@code /proc/uptime}), NaN if absent
 * @param stat           {@code /proc/stat}
 * @param vm             {@code /proc/vmstat}
 * @param mem            {@code /proc/meminfo}
 * @param load           {@code /proc/loadavg}
 * @param disks          {@code /proc/diskstats} lines of the devices asked for (absent devices are simply missing)
 * @param process        this process's CPU and I/O counters
 */
public record SystemSnapshot(long monotonicNanos, double uptimeSeconds, ProcStat stat, VmCounters vm, MemInfo mem,
                             LoadAverage load, List<DiskCounters> disks, ProcessCounters process) {

    public SystemSnapshot {
        disks = List.copyOf(disks);
    }

    /** Reads everything now. {@code diskNames} selects diskstats lines (null: all devices). */
    public static SystemSnapshot read(ProcFs proc, Collection<String> diskNames, long monotonicNanos) {
        return new SystemSnapshot(monotonicNanos, proc.uptimeSeconds(), proc.stat(), proc.vmCounters(),
                proc.memInfo(), proc.loadAverage(), proc.diskCounters(diskNames), proc.self());
    }

    /** The counters of one device, by kernel name. */
    public Optional<DiskCounters> disk(String name) {
        for (DiskCounters d : disks) {
            if (d.name().equals(name)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
