package org.iobench.job;

/**
 * How a job's writes reach the device, what the page cache holds when it starts and how it reads ahead.
 *
 * @param direct            O_DIRECT: bypass the page cache
 * @param sync              durability mode (none, O_DSYNC, a final fdatasync or fsync)
 * @param fsyncEvery        a sync after every N writes of a worker; 0 = never
 * @param dropCache         evict the target's cached pages before each run
 * @param dropCacheEachPass evict them again whenever a worker starts a new pass over its region (fio's
 *                          {@code invalidate=1}: fio invalidates the file at every open and at every wrap of a
 *                          time-based job, so each pass reads from the device); no effect with {@code direct}
 * @param advice            the access pattern each worker announces at each open of its files (fio's
 *                          {@code fadvise_hint}); null: none, the kernel's default read-ahead
 */
public record Durability(boolean direct, SyncMode sync, int fsyncEvery, boolean dropCache, boolean dropCacheEachPass,
                         AccessAdvice advice) {
    public Durability(boolean direct, SyncMode sync, int fsyncEvery, boolean dropCache, boolean dropCacheEachPass) {
        this(direct, sync, fsyncEvery, dropCache, dropCacheEachPass, null);
    }
}
