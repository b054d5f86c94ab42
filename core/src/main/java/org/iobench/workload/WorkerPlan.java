package org.iobench.workload;

import java.util.ArrayList;
import java.util.List;
import org.iobench.job.JobSpec;

/**
 * One worker's share of a job.
 *
 * @param regionStart   first byte of the worker's region
 * @param regionLength  bytes of the region (sequential workers get disjoint regions, random ones the whole range)
 * @param byteBudget    bytes to transfer in the measured phase; {@code Long.MAX_VALUE} for time-based jobs without
 *                      an explicit size
 */
public record WorkerPlan(int worker, long regionStart, long regionLength, long byteBudget) {

    /**
     * Splits a job of {@code regionBytes} over its threads. A sequential region is cut into equal, block-aligned
     * slices (the last one takes the remainder); random workers share the whole region and the byte budget.
     */
    public static List<WorkerPlan> split(JobSpec spec, long regionBytes, boolean sizeExplicit) {
        int n = spec.queue().threads();
        long bs = spec.workload().blockSize();
        // time-based (fio's time_based) goes over the region until the time is up; a job's explicit size, or fio's
        // runtime alone, makes the time only a cap
        boolean limitedBySize = !spec.timeBased() || spec.schedule().timeCapsOnly()
                || (sizeExplicit && !spec.timing().loopRegion());
        List<WorkerPlan> plans = new ArrayList<>(n);
        long blocks = regionBytes / bs;
        for (int i = 0; i < n; i++) {
            if (spec.workload().rw().random()) {
                long share = blocks / n + (i < blocks % n ? 1 : 0);
                long budget = limitedBySize ? share * bs : Long.MAX_VALUE;
                plans.add(new WorkerPlan(i, spec.workload().offsetBytes(), blocks * bs, budget));
            } else {
                long first = blocks * i / n;
                long last = blocks * (i + 1) / n;
                long length = spec.workload().exactSize() && i == n - 1 ? regionBytes - first * bs
                        : (last - first) * bs;
                long budget = limitedBySize ? length : Long.MAX_VALUE;
                plans.add(new WorkerPlan(i, spec.workload().offsetBytes() + first * bs, length, budget));
            }
        }
        long ioBytes = spec.access().ioBytes();
        if (limitedBySize && ioBytes > 0) {
            // fio's io_size (or loops): the workers go over their regions until these bytes are done
            plans.replaceAll(p -> new WorkerPlan(p.worker(), p.regionStart(), p.regionLength(),
                    ioBytes / n + (p.worker() < ioBytes % n ? 1 : 0)));
        }
        return plans;
    }
}
