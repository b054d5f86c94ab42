package org.iobench.sys.aio;

/**
 * Numbers of Linux native AIO, from the kernel's uapi header {@code <linux/aio_abi.h>} and the architecture's
 * system call table: syscall numbers, {@code IOCB_CMD_*} opcodes and the byte offsets of {@code struct iocb} and
 * {@code struct io_event}.
 *
 * <p>The syscall numbers differ per architecture (x86_64 has its own table, aarch64 the asm-generic one), so they
 * are chosen here from {@code os.arch}, never written as bare literals elsewhere. The structures are the same on
 * both (64-bit, little-endian: {@code aio_key} comes before {@code aio_rw_flags}).
 */
public final class AioAbi {
    public static final long SYS_IO_SETUP;
    public static final long SYS_IO_DESTROY;
    public static final long SYS_IO_GETEVENTS;
    public static final long SYS_IO_SUBMIT;
    /** Bound nowhere yet: regular files and block devices do not support cancellation (EINVAL). */
    public static final long SYS_IO_CANCEL;

    static {
        String arch = System.getProperty("os.arch");
        switch (arch) {
            case "amd64", "x86_64" -> { // asm/unistd_64.h
                SYS_IO_SETUP = 206;
                SYS_IO_DESTROY = 207;
                SYS_IO_GETEVENTS = 208;
                SYS_IO_SUBMIT = 209;
                SYS_IO_CANCEL = 210;
            }
            case "aarch64", "arm64" -> { // asm-generic/unistd.h
                SYS_IO_SETUP = 0;
                SYS_IO_DESTROY = 1;
                SYS_IO_SUBMIT = 2;
                SYS_IO_CANCEL = 3;
                SYS_IO_GETEVENTS = 4;
            }
            default -> throw new ExceptionInInitializerError("unsupported architecture for Linux AIO: " + arch);
        }
    }

    // enum { IOCB_CMD_* }
    public static final short CMD_PREAD = 0;
    public static final short CMD_PWRITE = 1;
    public static final short CMD_FSYNC = 2;
    public static final short CMD_FDSYNC = 3;
    public static final short CMD_NOOP = 6;

    // struct iocb (64 bytes)
    static final long IOCB_SIZE = 64;
    static final long IOCB_DATA = 0;
    static final long IOCB_KEY = 8;
    static final long IOCB_RW_FLAGS = 12;
    static final long IOCB_LIO_OPCODE = 16;
    static final long IOCB_REQPRIO = 18;
    static final long IOCB_FILDES = 20;
    static final long IOCB_BUF = 24;
    static final long IOCB_NBYTES = 32;
    static final long IOCB_OFFSET = 40;
    static final long IOCB_RESERVED2 = 48;
    static final long IOCB_FLAGS = 56;
    static final long IOCB_RESFD = 60;
    /** {@code aio_flags}: {@code aio_reqprio} holds the request's I/O priority. */
    static final int IOCB_FLAG_IOPRIO = 1 << 1;

    // struct io_event (32 bytes)
    static final long EVENT_SIZE = 32;
    static final long EVENT_DATA = 0;
    static final long EVENT_OBJ = 8;
    static final long EVENT_RES = 16;
    static final long EVENT_RES2 = 24;

    // struct timespec (64-bit)
    static final long TIMESPEC_SIZE = 16;

    private AioAbi() {}
}
