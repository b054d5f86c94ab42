package org.iobench.engine;

/** What a request asks the kernel to do. */
public enum IoOp {
    READ,
    WRITE,
    /** {@code fdatasync(2)}: data and the metadata needed to read it back. */
    FDATASYNC,
    /** {@code fsync(2)}: data and all metadata. */
    FSYNC;

    public boolean transfersData() {
        return this == READ || this == WRITE;
    }
}
