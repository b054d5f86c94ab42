package org.iobench.report.fio;

import org.iobench.sysmon.DiskUtil;

/**
 * fio's {@code disk_util_agg} of a device stacked on others ({@code aggregate_slaves_stats}): its slaves' counts, each
 * summed and divided by their number (integer, as fio divides), and the highest of their utilisations (the busiest
 * member is the array's bottleneck), at most 100 %.
 */
record FioDiskAggregate(long readIos, long writeIos, long readMerges, long writeMerges, long readTicks,
                        long writeTicks, long inQueue, double utilPercent) {
    /** The aggregate of {@code d}'s slaves; null for a device without any. */
    static FioDiskAggregate of(DiskUtil d) {
        int n = d.slaves().size();
        if (n == 0) {
            return null;
        }
        long[] sum = new long[7];
        double util = 0;
        for (DiskUtil s : d.slaves()) {
            sum[0] += s.readIos();
            sum[1] += s.writeIos();
            sum[2] += s.readMerges();
            sum[3] += s.writeMerges();
            sum[4] += s.readTicks();
            sum[5] += s.writeTicks();
            sum[6] += s.inQueue();
            util = Math.max(util, s.millis() <= 0 ? 0 : 100.0 * s.ioTicks() / (double) s.millis());
        }
        return new FioDiskAggregate(sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n, sum[4] / n, sum[5] / n,
                sum[6] / n, Math.min(100.0, util));
    }
}
