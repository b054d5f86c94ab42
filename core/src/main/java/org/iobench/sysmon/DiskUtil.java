package org.iobench.sysmon;

import java.util.List;

/**
 * One device's activity over a run, as fio's {@code disk_util} reports it ({@code diskutil.c}): the differences of
 * its {@code /proc/diskstats} counters between the run's start and end. The device is a whole disk (a partition
 * stands for its disk, as in fio); a device-mapper or md device lists the devices it is stacked on ({@code slaves/}),
 * each with its own figures.
 *
 * @param name       kernel name ({@code vda}, {@code dm-0}, {@code loop3})
 * @param readIos    reads completed
 * @param writeIos   writes completed
 * @param readMerges reads merged into others before reaching the device
 * @param writeMerges writes merged
 * @param readTicks  ms reads spent, summed over concurrent reads
 * @param writeTicks ms writes spent
 * @param inQueue    ms × requests in flight ({@code time_in_queue})
 * @param ioTicks    ms with at least one request in flight ({@code io_ticks})
 * @param millis     ms between the two readings
 * @param slaves     the devices this one is stacked on, by name; empty for a plain disk or a loop device
 */
public record DiskUtil(String name, long readIos, long writeIos, long readMerges, long writeMerges, long readTicks,
                       long writeTicks, long inQueue, long ioTicks, long millis, List<DiskUtil> slaves) {
    public DiskUtil {
        slaves = List.copyOf(slaves);
    }

    /** fio's {@code util}: percent of the time with a request in flight, at most 100; 0 over no time. */
    public double utilPercent() {
        return millis <= 0 ? 0 : Math.min(100.0, 100.0 * ioTicks / (double) millis);
    }

    /** The change of {@code name}'s counters from {@code before} to {@code after} over {@code millis}. */
    static DiskUtil between(DiskCounters before, DiskCounters after, long millis, List<DiskUtil> slaves) {
        return new DiskUtil(after.name(), d(before.reads(), after.reads()), d(before.writes(), after.writes()),
                d(before.readsMerged(), after.readsMerged()), d(before.writesMerged(), after.writesMerged()),
                d(before.readTimeMillis(), after.readTimeMillis()),
                d(before.writeTimeMillis(), after.writeTimeMillis()),
                d(before.weightedIoTimeMillis(), after.weightedIoTimeMillis()),
                d(before.ioTimeMillis(), after.ioTimeMillis()), millis, slaves);
    }

    /** A counter's change; 0 where unknown or gone backwards (a device re-created). */
    private static long d(long before, long after) {
        return before < 0 || after < before ? 0 : after - before;
    }
}
