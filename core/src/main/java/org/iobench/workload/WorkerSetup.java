package org.iobench.workload;

import org.iobench.engine.IoOp;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;

/**
 * How every worker of a run drives its engine, derived once from the {@link JobSpec} and the target; what it issues
 * is its {@link RequestSource}'s.
 *
 * @param fsyncEvery      a periodic sync after every N writes of a worker; 0 = never
 * @param periodicSyncOp  what a periodic sync is ({@code fdatasync} or {@code fsync})
 * @param intervalNanos   length of the per-interval throughput series
 * @param opsPerSecond    the job's rate limit in requests per second, all workers together; 0 = unpaced
 * @param workers         the job's workers, which share the rate
 * @param directAlignment the logical block size O_DIRECT requests must align to, for an EINVAL's explanation;
 *                        0 for buffered jobs
 */
record WorkerSetup(int fsyncEvery, IoOp periodicSyncOp, long intervalNanos, double opsPerSecond, int workers,
                   long directAlignment) {

    /** @param logicalBlockSize the target's logical block size (O_DIRECT's unit) */
    static WorkerSetup of(JobSpec spec, long intervalNanos, long logicalBlockSize) {
        return new WorkerSetup(spec.durability().fsyncEvery(), spec.durability().sync() == SyncMode.FDATASYNC
                ? IoOp.FDATASYNC : IoOp.FSYNC,
                intervalNanos, spec.timing().rate() == null ? 0
                        : spec.timing().rate().opsPerSecond(spec.workload().blockSize()), spec.queue().threads(),
                spec.durability().direct() ? logicalBlockSize : 0);
    }
}
