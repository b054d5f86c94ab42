package org.iobench.sys.uring;

/**
 * Numbers of the io_uring ABI, copied from the kernel's uapi header {@code <linux/io_uring.h>}: system call
 * numbers, opcodes, flags and the byte offsets of the structures iobench reads and writes.
 *
 * <p>The syscall numbers are the same on x86_64 and aarch64 (io_uring arrived after the generic table was
 * unified at 424+); everything else is architecture independent.
 */
public final class IoUringAbi {
    public static final long SYS_IO_URING_SETUP = 425;
    public static final long SYS_IO_URING_ENTER = 426;
    public static final long SYS_IO_URING_REGISTER = 427;

    // io_uring_setup(2) flags
    public static final int SETUP_IOPOLL = 1;
    public static final int SETUP_SQPOLL = 1 << 1;
    /** With SQPOLL: the submission thread is bound to {@code sq_thread_cpu}. */
    public static final int SETUP_SQ_AFF = 1 << 2;
    public static final int SETUP_R_DISABLED = 1 << 6;
    public static final int SETUP_SUBMIT_ALL = 1 << 7;
    public static final int SETUP_COOP_TASKRUN = 1 << 8;
    public static final int SETUP_TASKRUN_FLAG = 1 << 9;
    public static final int SETUP_SINGLE_ISSUER = 1 << 12;
    public static final int SETUP_DEFER_TASKRUN = 1 << 13;

    // io_uring_params.features
    public static final int FEAT_SINGLE_MMAP = 1;
    public static final int FEAT_NODROP = 1 << 1;

    // opcodes (enum io_uring_op)
    public static final byte OP_NOP = 0;
    public static final byte OP_FSYNC = 3;
    public static final byte OP_READ_FIXED = 4;
    public static final byte OP_WRITE_FIXED = 5;
    public static final byte OP_READ = 22;
    public static final byte OP_WRITE = 23;

    // sqe->flags
    public static final byte SQE_FIXED_FILE = 1;

    // sqe->fsync_flags
    public static final int FSYNC_DATASYNC = 1;

    // io_uring_enter(2) flags
    public static final int ENTER_GETEVENTS = 1;
    /** Wakes a SQPOLL ring's submission thread, asleep after {@code sq_thread_idle} without work. */
    public static final int ENTER_SQ_WAKEUP = 1 << 1;

    // sq_ring->flags
    /** The SQPOLL thread went to sleep: the next submission must wake it ({@link #ENTER_SQ_WAKEUP}). */
    public static final int SQ_NEED_WAKEUP = 1;
    public static final int SQ_CQ_OVERFLOW = 1 << 1;
    public static final int SQ_TASKRUN = 1 << 2;

    // io_uring_register(2) opcodes
    public static final int REGISTER_BUFFERS = 0;
    public static final int REGISTER_FILES = 2;
    public static final int UNREGISTER_FILES = 3;
    /** Replaces slots of the registered file table (Linux 5.5): {@code struct io_uring_files_update}. */
    public static final int REGISTER_FILES_UPDATE = 6;
    public static final int REGISTER_ENABLE_RINGS = 12;

    // mmap offsets
    static final long OFF_SQ_RING = 0L;
    static final long OFF_CQ_RING = 0x8000000L;
    static final long OFF_SQES = 0x10000000L;

    /** The kernel's limit on ring entries (IORING_MAX_ENTRIES). */
    public static final int MAX_ENTRIES = 32768;

    // struct io_uring_params (120 bytes)
    static final long PARAMS_SIZE = 120;
    static final long P_SQ_ENTRIES = 0;
    static final long P_CQ_ENTRIES = 4;
    static final long P_FLAGS = 8;
    static final long P_SQ_THREAD_CPU = 12;
    static final long P_SQ_THREAD_IDLE = 16;
    static final long P_FEATURES = 20;
    static final long P_SQ_OFF = 40;
    static final long P_CQ_OFF = 80;

    // struct io_sqring_offsets, relative to P_SQ_OFF
    static final long SQO_HEAD = 0;
    static final long SQO_TAIL = 4;
    static final long SQO_RING_MASK = 8;
    static final long SQO_RING_ENTRIES = 12;
    static final long SQO_FLAGS = 16;
    static final long SQO_DROPPED = 20;
    static final long SQO_ARRAY = 24;

    // struct io_cqring_offsets, relative to P_CQ_OFF
    static final long CQO_HEAD = 0;
    static final long CQO_TAIL = 4;
    static final long CQO_RING_MASK = 8;
    static final long CQO_RING_ENTRIES = 12;
    static final long CQO_OVERFLOW = 16;
    static final long CQO_CQES = 20;

    // struct io_uring_sqe (64 bytes)
    static final long SQE_SIZE = 64;
    static final long SQE_OPCODE = 0;
    static final long SQE_FLAGS = 1;
    static final long SQE_IOPRIO = 2;
    static final long SQE_FD = 4;
    static final long SQE_OFF = 8;
    static final long SQE_ADDR = 16;
    static final long SQE_LEN = 24;
    static final long SQE_RW_FLAGS = 28;
    static final long SQE_USER_DATA = 32;
    static final long SQE_BUF_INDEX = 40;
    static final long SQE_PERSONALITY = 42;
    static final long SQE_FILE_INDEX = 44;
    static final long SQE_ADDR3 = 48;
    static final long SQE_PAD2 = 56;

    // struct io_uring_cqe (16 bytes)
    static final long CQE_SIZE = 16;
    static final long CQE_USER_DATA = 0;
    static final long CQE_RES = 8;

    // struct iovec (16 bytes), for IORING_REGISTER_BUFFERS
    static final long IOVEC_SIZE = 16;
    /** {@code struct io_uring_files_update}: {@code __u32 offset, __u32 resv, __aligned_u64 fds}. */
    static final long FILES_UPDATE_SIZE = 16;

    private IoUringAbi() {}
}
