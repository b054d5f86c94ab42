package org.iobench.job;

/**
 * How a job's writes reach the device and what the page cache holds when it starts.
 *
 * @param direct     O_DIRECT: bypass the page cache
 * @param sync       durability mode (none, O_DSYNC, a final fdatasync or fsync)
 * @param fsyncEvery a sync after every N writes of a worker; 0 = never
 * @param dropCache  evict the target's cached pages before each run
 */
public record Durability(boolean direct, SyncMode sync, int fsyncEvery, boolean dropCache) {}
