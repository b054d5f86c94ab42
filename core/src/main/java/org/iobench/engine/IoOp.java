package org.iobench.engine;

/** What a request asks the kernel to do. */
public enum IoOp {
    READ,
    WRITE,
    /** {@code fdatasync(2)}: data and the metadata needed to read it back. */
    FDATASYNC,
    /** {@code fsync(2)}: data and all metadata. */
    FSYNC,
    /**
     * A discard of {@code length} bytes at {@code offset} (fio's trim direction, {@code DDIR_TRIM}): moves no data
     * but counts its length, as fio counts it. The data engines do {@code ioctl(BLKDISCARD)} (block devices only;
     * a regular file answers ENOTTY), done inside submit as fio's engines do ({@link InlineDiscard}).
     */
    TRIM;

    public boolean transfersData() {
        return this == READ || this == WRITE;
    }

    /** True for the directions fio counts in bytes (read, write, trim); false for syncs, which complete with 0. */
    public boolean countsLength() {
        return this != FDATASYNC && this != FSYNC;
    }
}
