package org.iobench.workload;

import java.nio.file.Path;
import org.iobench.engine.IoOp;
import org.iobench.job.JobSpec;
import org.iobench.job.LogSpec;
import org.iobench.job.Priorities;
import org.iobench.job.Schedule;
import org.iobench.job.Submission;
import org.iobench.measure.IoLogs;
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
 * @param logs            fio's I/O logs each worker keeps (a job of one worker), null: none
 * @param priorities      the job's I/O priorities (fio's prioclass/prio, cmdprio_*), null: none
 * @param seed            the job's random seed (each worker draws its requests' priorities from it)
 * @param requestLog      fio's {@code write_iolog}: the file each request is logged to as it is issued, null: none
 * @param submission      when and how many completions a worker reaps (fio's {@code iodepth_batch_complete_*})
 */
record WorkerSetup(int fsyncEvery, IoOp periodicSyncOp, long intervalNanos, double opsPerSecond, int workers,
                   long directAlignment, IoLogs.Settings logs, boolean logsSlat,
                   Schedule schedule, String group, int cpuLoad, long cpuBurnNanos, Priorities priorities,
                   long seed, Path requestLog, Submission submission) {

    WorkerSetup {
        submission = submission == null ? Submission.DEFAULT : submission;
    }

    WorkerSetup(int fsyncEvery, IoOp periodicSyncOp, long intervalNanos, double opsPerSecond, int workers,
                long directAlignment, IoLogs.Settings logs, boolean logsSlat, Schedule schedule, String group,
                int cpuLoad, long cpuBurnNanos, Priorities priorities, long seed, Path requestLog) {
        this(fsyncEvery, periodicSyncOp, intervalNanos, opsPerSecond, workers, directAlignment, logs, logsSlat,
                schedule, group, cpuLoad, cpuBurnNanos, priorities, seed, requestLog, Submission.DEFAULT);
    }

    WorkerSetup(int fsyncEvery, IoOp periodicSyncOp, long intervalNanos, double opsPerSecond, int workers,
                long directAlignment, IoLogs.Settings logs, boolean logsSlat, Schedule schedule, String group,
                int cpuLoad, long cpuBurnNanos, Priorities priorities, long seed) {
        this(fsyncEvery, periodicSyncOp, intervalNanos, opsPerSecond, workers, directAlignment, logs, logsSlat,
                schedule, group, cpuLoad, cpuBurnNanos, priorities, seed, null);
    }

    WorkerSetup(int fsyncEvery, IoOp periodicSyncOp, long intervalNanos, double opsPerSecond, int workers,
                long directAlignment) {
        this(fsyncEvery, periodicSyncOp, intervalNanos, opsPerSecond, workers, directAlignment, null, false,
                Schedule.NONE, null, 0, 0, null, 0);
    }

    /** @param logicalBlockSize the target's logical block size (O_DIRECT's unit) */
    static WorkerSetup of(JobSpec spec, long intervalNanos, long logicalBlockSize) {
        return of(spec, intervalNanos, logicalBlockSize, false);
    }

    /** @param syncEngine fio's synchronous engines log no submission latency: their slat log stays empty */
    static WorkerSetup of(JobSpec spec, long intervalNanos, long logicalBlockSize, boolean syncEngine) {
        LogSpec l = spec.logs();
        IoLogs.Settings logs = l == null ? null : new IoLogs.Settings(l.bwPrefix(), l.latPrefix(), l.iopsPrefix(),
                l.avgMillis(), l.logMax(), l.offsets(), l.perJobIndex(), l.priorities(), l.compressBytes(),
                l.storeCompressed());
        return new WorkerSetup(spec.durability().fsyncEvery(), spec.durability().sync() == SyncMode.FDATASYNC
                ? IoOp.FDATASYNC : IoOp.FSYNC,
                intervalNanos, spec.timing().rate() == null || spec.schedule().rates() != null ? 0 // FioRates
                        : spec.timing().rate().opsPerSecond(spec.workload().blockSize()), spec.queue().threads(),
                spec.durability().direct() ? logicalBlockSize : 0, logs, !syncEngine, spec.schedule(),
                spec.grouping().group().isEmpty() ? null : spec.grouping().group(),
                spec.burn() == null ? 0 : spec.burn().loadPercent(),
                spec.burn() == null || spec.burn().qsort() ? 0 : spec.burn().chunkNanos(), spec.priorities(),
                spec.workload().seed(), l == null || l.requestLog() == null ? null : Path.of(
                        l.requestLog()), spec.queue().submission());
    }
}
