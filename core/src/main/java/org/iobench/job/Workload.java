package org.iobench.job;

/**
 * What a job reads and writes: the access pattern, the region and the data.
 *
 * @param rw             the access pattern
 * @param mixReadPercent share of reads in a mixed job, 0..100
 * @param blockSize      bytes per request
 * @param sizeBytes      bytes of the target region, and of I/O for a size-based job; 0 = the file's or device's size,
 *                       or 1 GiB for a new file
 * @param offsetBytes    where the region starts in the target
 * @param pattern        data written
 * @param seed           seed of the random offsets and data, so runs are repeatable
 * @param exactSize      transfer exactly {@code sizeBytes} (or the whole region) even where that is not a multiple of
 *                       the block size: the last request is short, as dd's last partial record
 */
public record Workload(RwMode rw, int mixReadPercent, long blockSize, long sizeBytes, long offsetBytes,
                       DataPattern pattern, long seed, boolean exactSize) {}
