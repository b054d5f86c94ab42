package org.iobench.sysmon;

/**
 * One device's activity between two diskstats readings, with {@code iostat -x}'s meanings. Rates are per second;
 * KiB = 1024 bytes. Values that cannot be computed (no I/O completed for an await, a field the kernel lacks, a
 * zero interval) are NaN.
 *
 * @param name              kernel device name
 * @param intervalMillis    length of the interval, ms
 * @param reads             reads completed in the interval
 * @param writes            writes completed in the interval
 * @param bytesRead         bytes read from the device in the interval (sectors × 512): compare with the bytes the
 *                          benchmark asked for to get read amplification
 * @param bytesWritten      bytes written to the device in the interval
 * @param readsPerSecond    iostat {@code r/s}
 * @param writesPerSecond   iostat {@code w/s}
 * @param readKibPerSecond  iostat {@code rkB/s}
 * @param writeKibPerSecond iostat {@code wkB/s}
 * @param readAwaitMillis   iostat {@code r_await}: mean ms per completed read, queue time included
 * @param writeAwaitMillis  iostat {@code w_await}
 * @param awaitMillis       old iostat {@code await}: mean ms over reads and writes together
 * @param averageQueueSize  iostat {@code aqu-sz}: mean number of requests in flight
 * @param utilPercent       iostat {@code %util}: percent of the interval with at least one request in flight
 *                          (io_ticks delta / interval); not capped, so timing skew can push it slightly past 100
 */
public record DiskSample(String name, double intervalMillis, long reads, long writes, long bytesRead,
                         long bytesWritten, double readsPerSecond, double writesPerSecond, double readKibPerSecond,
                         double writeKibPerSecond, double readAwaitMillis, double writeAwaitMillis,
                         double awaitMillis, double averageQueueSize, double utilPercent) {

    /** The activity from {@code earlier} to {@code later} (same device), over {@code intervalMillis}. */
    public static DiskSample between(DiskCounters earlier, DiskCounters later, double intervalMillis) {
        long reads = delta(earlier.reads(), later.reads());
        long writes = delta(earlier.writes(), later.writes());
        long sectorsRead = delta(earlier.sectorsRead(), later.sectorsRead());
        long sectorsWritten = delta(earlier.sectorsWritten(), later.sectorsWritten());
        long readTicks = delta(earlier.readTimeMillis(), later.readTimeMillis());
        long writeTicks = delta(earlier.writeTimeMillis(), later.writeTimeMillis());
        long ioTicks = delta(earlier.ioTimeMillis(), later.ioTimeMillis());
        long queueTicks = delta(earlier.weightedIoTimeMillis(), later.weightedIoTimeMillis());
        double seconds = intervalMillis / 1000.0;
        return new DiskSample(later.name(), intervalMillis, reads, writes,
                sectorsRead < 0 ? -1 : sectorsRead * DiskCounters.SECTOR_BYTES,
                sectorsWritten < 0 ? -1 : sectorsWritten * DiskCounters.SECTOR_BYTES,
                rate(reads, seconds),
                rate(writes, seconds),
                rate(sectorsRead, seconds) / 2.0,
                rate(sectorsWritten, seconds) / 2.0,
                ratio(readTicks, reads),
                ratio(writeTicks, writes),
                readTicks < 0 || writeTicks < 0 || reads < 0 || writes < 0 ? Double.NaN : ratio(readTicks + writeTicks, reads + writes),
                rate(queueTicks, intervalMillis),
                rate(ioTicks, intervalMillis) * 100.0);
    }

    /** Averages since boot, as iostat's first report: all counters over {@code uptimeSeconds}. */
    public static DiskSample sinceBoot(DiskCounters counters, double uptimeSeconds) {
        DiskCounters zero = new DiskCounters(counters.major(), counters.minor(), counters.name(),
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        return between(zero, counters, uptimeSeconds * 1000.0);
    }

    /** -1 when either side is unknown (-1) or the counter went backwards (device re-created). */
    private static long delta(long before, long after) {
        return before < 0 || after < 0 || after < before ? -1 : after - before;
    }

    private static double rate(long count, double per) {
        return count < 0 || !(per > 0) ? Double.NaN : count / per;
    }

    private static double ratio(long millis, long ios) {
        return millis < 0 || ios <= 0 ? Double.NaN : (double) millis / ios;
    }
}
