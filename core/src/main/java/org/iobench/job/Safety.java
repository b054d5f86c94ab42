package org.iobench.job;

/**
 * What a job may do to data it did not create, and what it leaves behind.
 *
 * @param allowOverwrite consent to write to an existing file or a block device
 * @param keep           keep a file iobench created
 * @param truncate       cut an existing target file at the region's offset before each run (dd without
 *                       {@code conv=notrunc}); needs {@code allowOverwrite} like any write to an existing file
 */
public record Safety(boolean allowOverwrite, boolean keep, boolean truncate) {}
