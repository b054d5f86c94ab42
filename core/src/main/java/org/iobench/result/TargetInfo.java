package org.iobench.result;

/**
 * The target as the run found it.
 *
 * @param kind         {@code file}, {@code block-device}
 * @param path         what was opened (for a directory target: the file iobench made inside it)
 * @param created      iobench created the file (and removes it unless kept)
 * @param regionBytes  the bytes of the target the job used
 * @param logicalBlockSize  the device's logical block size (O_DIRECT alignment unit), 0 if unknown
 * @param physicalBlockSize the device's physical block size (smaller writes may read-modify-write), 0 if unknown
 * @param device       the block device underneath, or null where there is none (tmpfs)
 * @param filesystem   the filesystem type, or null for a block device
 */
public record TargetInfo(String kind, String path, boolean created, long regionBytes, long logicalBlockSize,
                         long physicalBlockSize, String device, String filesystem) {}
