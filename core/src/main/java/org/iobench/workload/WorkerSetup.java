package org.iobench.workload;

import org.iobench.engine.IoOp;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;

/**
 * The per-job settings every worker of a run shares, derived once from the {@link JobSpec}.
 *
 * @param opsPerSecond the job's rate limit in requests per second, all workers together; 0 = unpaced
 * @param stripedRandom a verified random job: each request slot of each worker owns the blocks of one stripe
 *                      (block index modulo workers x iodepth), so no two writes of one block are ever in flight
 *                      together and every block's last version is defined
 */
record WorkerSetup(long blockSize, int readPercent, boolean mixed, boolean writesOnly, boolean random,
                   int fsyncEvery, IoOp periodicSyncOp, long seed, long intervalNanos, boolean exactSize,
                   double opsPerSecond, int workers, boolean stripedRandom) {

    static WorkerSetup of(JobSpec spec, long intervalNanos) {
        return new WorkerSetup(spec.blockSize(), spec.mixReadPercent(), spec.rw().mixed(),
                spec.rw().writes() && !spec.rw().reads(), spec.rw().random(), spec.fsyncEvery(),
                spec.sync() == SyncMode.FDATASYNC ? IoOp.FDATASYNC : IoOp.FSYNC, spec.seed(), intervalNanos,
                spec.exactSize(), spec.rate() == null ? 0 : spec.rate().opsPerSecond(spec.blockSize()),
                spec.threads(), spec.rw().random() && spec.verify().enabled());
    }
}
