package org.iobench.workload;

import org.iobench.job.JobSpec;

/**
 * The access pattern every worker of a read, write or mixed job shares ({@link MixSource}), derived once from the
 * {@link JobSpec}.
 *
 * @param readPercent   share of reads in a mixed job, 0..100
 * @param writesOnly    the job only writes
 * @param random        random offsets, else sequential
 * @param seed          seed of offsets and of the read/write mix; each worker derives its own from it
 * @param exactSize     the region's last request may be short, so exactly its bytes are transferred (dd)
 * @param workers       the job's workers, for the stripes of a verified random job
 * @param stripedRandom a verified random job: each request slot of each worker owns the blocks of one stripe
 *                      (block index modulo workers x iodepth), so no two writes of one block are ever in flight
 *                      together and every block's last version is defined
 * @param trims         every request is a trim (fio's trim direction); with {@code writesOnly}, fio's trimwrite: each
 *                      block is trimmed, then written
 */
record AccessPattern(long blockSize, int readPercent, boolean mixed, boolean writesOnly, boolean random, long seed,
                     boolean exactSize, int workers, boolean stripedRandom, boolean trims) {

    static AccessPattern of(JobSpec spec) {
        return new AccessPattern(spec.workload().blockSize(), spec.workload().mixReadPercent(),
                spec.workload().rw().mixed(),
                spec.workload().rw().writes() && !spec.workload().rw().reads(), spec.workload().rw().random(),
                        spec.workload().seed(), spec.workload().exactSize(),
                spec.queue().threads(), spec.workload().rw().random() && spec.verification().checksum().enabled(),
                spec.workload().rw().trims());
    }
}
