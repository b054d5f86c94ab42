package org.iobench.sys.uring;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.iobench.sys.uring.IoUringAbi.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.iobench.sys.Errno;
import org.iobench.sys.SysException;

/**
 * One io_uring instance: the ring file descriptor, the mmap'd submission and completion rings and the SQE
 * array, driven through raw {@code io_uring_setup/enter/register} system calls.
 *
 * <pre>{@code
 * try (IoUring ring = IoUring.create(32, 0)) {
 *     ring.prepareReadWrite(IoUringAbi.OP_READ, (byte) 0, fd, bufferAddress, 4096, 0, 0, 7);
 *     ring.submit();                              // io_uring_enter(to_submit=1)
 *     ring.waitCompletions(1);                    // io_uring_enter(min_complete=1, GETEVENTS)
 *     long tag = ring.cqeUserData(0);             // 7
 *     int res = ring.cqeResult(0);                // bytes, or -errno
 *     ring.cqAdvance(1);
 * }
 * }</pre>
 *
 * <p>Memory ordering follows liburing: the SQ tail is published with a release store after the SQEs are
 * written, the SQ head and CQ tail (written by the kernel) are read with acquire loads, and the CQ head is
 * published with a release store after the CQEs have been read. The SQ index array is filled once with the
 * identity mapping, so SQE {@code i} is always slot {@code i & mask}.
 *
 * <p>Not thread-safe: one ring per thread. Nothing on the submit/reap path allocates. Methods return the kernel's
 * convention ({@code >= 0} or {@code -errno}) rather than throwing, except set-up and registration.
 */
public final class IoUring implements AutoCloseable {
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private final Arena arena;
    private final int ringFd;
    private final int flags;
    private final int features;
    private final int sqEntries;
    private final int cqEntries;
    private final int sqMask;
    private final int cqMask;
    private final MemorySegment sqRing;
    private final MemorySegment cqRing;
    private final MemorySegment sqes;
    private final MemorySegment capture;
    private final long sqHeadOff;
    private final long sqTailOff;
    private final long sqFlagsOff;
    private final long cqHeadOff;
    private final long cqTailOff;
    private final long cqesOff;
    /** SQEs prepared so far (published to the kernel by {@link #submit}). */
    private int sqTail;
    /** The SQ tail as last published (SQPOLL: what the submission thread may already have taken). */
    private int published;
    /** CQEs consumed so far; only this side writes the CQ head. */
    private int cqHead;
    private boolean closed;

    private IoUring(Arena arena, int ringFd, MemorySegment params, MemorySegment sqRing, MemorySegment cqRing,
                    MemorySegment sqes, MemorySegment capture) {
        this.arena = arena;
        this.ringFd = ringFd;
        this.flags = params.get(JAVA_INT, P_FLAGS);
        this.features = params.get(JAVA_INT, P_FEATURES);
        this.sqEntries = params.get(JAVA_INT, P_SQ_ENTRIES);
        this.cqEntries = params.get(JAVA_INT, P_CQ_ENTRIES);
        this.sqRing = sqRing;
        this.cqRing = cqRing;
        this.sqes = sqes;
        this.capture = capture;
        this.sqMask = sqRing.get(JAVA_INT, params.get(JAVA_INT, P_SQ_OFF + SQO_RING_MASK));
        this.cqMask = cqRing.get(JAVA_INT, params.get(JAVA_INT, P_CQ_OFF + CQO_RING_MASK));
        this.sqHeadOff = params.get(JAVA_INT, P_SQ_OFF + SQO_HEAD);
        this.sqTailOff = params.get(JAVA_INT, P_SQ_OFF + SQO_TAIL);
        this.sqFlagsOff = params.get(JAVA_INT, P_SQ_OFF + SQO_FLAGS);
        this.cqHeadOff = params.get(JAVA_INT, P_CQ_OFF + CQO_HEAD);
        this.cqTailOff = params.get(JAVA_INT, P_CQ_OFF + CQO_TAIL);
        this.cqesOff = params.get(JAVA_INT, P_CQ_OFF + CQO_CQES);
        this.sqTail = (int) INT.getAcquire(sqRing, sqTailOff);
        this.published = sqTail;
        this.cqHead = (int) INT.getAcquire(cqRing, cqHeadOff);
        long array = params.get(JAVA_INT, P_SQ_OFF + SQO_ARRAY);
        for (int i = 0; i < sqEntries; i++) {
            sqRing.set(JAVA_INT, array + 4L * i, i);
        }
    }

    /**
     * Sets up a ring with at least {@code entries} submission entries (the kernel rounds up to a power of two;
     * the completion ring gets twice as many) and the {@code IORING_SETUP_*} {@code flags}.
     *
     * @param entries 1..{@link IoUringAbi#MAX_ENTRIES}
     * @throws SysException with the errno of {@code io_uring_setup} (ENOSYS, EPERM, EINVAL for unknown flags,
     *                      ENOMEM) or of {@code mmap}
     */
    public static IoUring create(int entries, int flags) throws SysException {
        return create(entries, flags, 0, 0);
    }

    /**
     * As {@link #create(int, int)}, with the SQPOLL thread's {@code sq_thread_cpu} (read by the kernel with
     * {@link IoUringAbi#SETUP_SQ_AFF}) and {@code sq_thread_idle} in milliseconds (0: the kernel's 1 s).
     */
    public static IoUring create(int entries, int flags, int sqThreadCpu, int sqThreadIdleMillis)
            throws SysException {
        if (entries < 1 || entries > MAX_ENTRIES) {
            throw new IllegalArgumentException("entries must be in 1.." + MAX_ENTRIES + ": entries=" + entries);
        }
        Arena arena = Arena.ofShared();
        int fd = -1;
        boolean made = false;
        try {
            MemorySegment capture = arena.allocate(Syscalls.CAPTURE_LAYOUT);
            MemorySegment params = arena.allocate(PARAMS_SIZE, 8);
            params.set(JAVA_INT, P_FLAGS, flags);
            params.set(JAVA_INT, P_SQ_THREAD_CPU, sqThreadCpu);
            params.set(JAVA_INT, P_SQ_THREAD_IDLE, sqThreadIdleMillis);
            long rc = (long) Syscalls.SETUP.invokeExact(capture, SYS_IO_URING_SETUP, (long) entries, params);
            if (rc < 0) {
                throw new SysException("io_uring_setup",
                        "entries=" + entries + " flags=0x" + Integer.toHexString(flags)
                                + ((flags & SETUP_SQ_AFF) != 0 ? " sq_thread_cpu=" + sqThreadCpu : ""),
                        Syscalls.errno(capture));
            }
            fd = (int) rc;
            int sqN = params.get(JAVA_INT, P_SQ_ENTRIES);
            int cqN = params.get(JAVA_INT, P_CQ_ENTRIES);
            long sqSize = params.get(JAVA_INT, P_SQ_OFF + SQO_ARRAY) + 4L * sqN;
            long cqSize = params.get(JAVA_INT, P_CQ_OFF + CQO_CQES) + CQE_SIZE * cqN;
            MemorySegment sqRing;
            MemorySegment cqRing;
            if ((params.get(JAVA_INT, P_FEATURES) & FEAT_SINGLE_MMAP) != 0) {
                sqRing = map(arena, capture, fd, Math.max(sqSize, cqSize), OFF_SQ_RING);
                cqRing = sqRing;
            } else {
                sqRing = map(arena, capture, fd, sqSize, OFF_SQ_RING);
                cqRing = map(arena, capture, fd, cqSize, OFF_CQ_RING);
            }
            MemorySegment sqes = map(arena, capture, fd, SQE_SIZE * sqN, OFF_SQES);
            IoUring ring = new IoUring(arena, fd, params, sqRing, cqRing, sqes, capture);
            made = true;
            return ring;
        } catch (SysException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("io_uring_setup downcall failed", t);
        } finally {
            if (!made) {
                arena.close();
                if (fd >= 0) {
                    closeFd(fd);
                }
            }
        }
    }

    private static MemorySegment map(Arena arena, MemorySegment capture, int fd, long size, long offset)
            throws Throwable {
        MemorySegment p = (MemorySegment) Syscalls.MMAP.invokeExact(capture, MemorySegment.NULL, size,
                Syscalls.PROT_READ | Syscalls.PROT_WRITE, Syscalls.MAP_SHARED | Syscalls.MAP_POPULATE, fd, offset);
        if (p.address() == Syscalls.MAP_FAILED) {
            throw new SysException("mmap", "io_uring ring offset=0x" + Long.toHexString(offset) + " size=" + size,
                    Syscalls.errno(capture));
        }
        return p.reinterpret(size, arena, IoUring::unmap);
    }

    private static void unmap(MemorySegment segment) {
        try {
            int rc = (int) Syscalls.MUNMAP.invokeExact(segment, segment.byteSize());
            assert rc == 0 : "munmap failed";
        } catch (Throwable t) {
            throw new AssertionError("munmap downcall failed", t);
        }
    }

    private static void closeFd(int fd) {
        try {
            int rc = (int) Syscalls.CLOSE.invokeExact(fd);
            assert rc == 0 : "close failed";
        } catch (Throwable t) {
            throw new AssertionError("close downcall failed", t);
        }
    }

    /** The {@code IORING_SETUP_*} flags the ring was made with. */
    public int flags() { return flags; }
    /** The {@code IORING_FEAT_*} bits the kernel reported. */
    public int features() { return features; }
    public int sqEntries() { return sqEntries; }
    public int cqEntries() { return cqEntries; }

    /** Free SQEs: entries minus those prepared and not yet consumed by the kernel. */
    public int sqSpace() {
        return sqEntries - (sqTail - (int) INT.getAcquire(sqRing, sqHeadOff));
    }

    /**
     * Fills the next SQE with a read or write ({@code OP_READ}, {@code OP_WRITE}, {@code OP_READ_FIXED},
     * {@code OP_WRITE_FIXED}). The caller checks {@link #sqSpace()} first.
     *
     * @param sqeFlags {@code IOSQE_*}, e.g. {@link IoUringAbi#SQE_FIXED_FILE} (then {@code fd} is an index)
     * @param bufIndex the registered buffer for the fixed opcodes, else 0
     */
    public void prepareReadWrite(byte opcode, byte sqeFlags, int fd, long address, int length, long offset,
                                 int bufIndex, long userData) {
        prepareReadWrite(opcode, sqeFlags, fd, address, length, offset, bufIndex, userData, 0);
    }

    /**
     * As {@link #prepareReadWrite(byte, byte, int, long, int, long, int, long)}, with the SQE's {@code ioprio}
     * ({@code class << 13 | level}; 0: the submitting task's priority).
     */
    public void prepareReadWrite(byte opcode, byte sqeFlags, int fd, long address, int length, long offset,
                                 int bufIndex, long userData, int ioprio) {
        fill(opcode, sqeFlags, fd, offset, address, length, 0, bufIndex, userData, ioprio);
    }

    /** Fills the next SQE with {@code OP_FSYNC}; {@code fsyncFlags} {@link IoUringAbi#FSYNC_DATASYNC} or 0. */
    public void prepareFsync(byte sqeFlags, int fd, int fsyncFlags, long userData) {
        fill(OP_FSYNC, sqeFlags, fd, 0, 0, 0, fsyncFlags, 0, userData, 0);
    }

    /** Fills the next SQE with {@code OP_NOP}. */
    public void prepareNop(long userData) {
        fill(OP_NOP, (byte) 0, -1, 0, 0, 0, 0, 0, userData, 0);
    }

    private void fill(byte opcode, byte sqeFlags, int fd, long offset, long address, int length, int opFlags,
                      int bufIndex, long userData, int ioprio) {
        MemorySegment s = sqes;
        long base = (long) (sqTail & sqMask) * SQE_SIZE;
        // Every field is written: SQEs are reused and stale values in ioprio/personality/addr3 would change
        // the meaning of the request.
        s.set(JAVA_BYTE, base + SQE_OPCODE, opcode);
        s.set(JAVA_BYTE, base + SQE_FLAGS, sqeFlags);
        s.set(JAVA_SHORT, base + SQE_IOPRIO, (short) ioprio);
        s.set(JAVA_INT, base + SQE_FD, fd);
        s.set(JAVA_LONG, base + SQE_OFF, offset);
        s.set(JAVA_LONG, base + SQE_ADDR, address);
        s.set(JAVA_INT, base + SQE_LEN, length);
        s.set(JAVA_INT, base + SQE_RW_FLAGS, opFlags);
        s.set(JAVA_LONG, base + SQE_USER_DATA, userData);
        s.set(JAVA_SHORT, base + SQE_BUF_INDEX, (short) bufIndex);
        s.set(JAVA_SHORT, base + SQE_PERSONALITY, (short) 0);
        s.set(JAVA_INT, base + SQE_FILE_INDEX, 0);
        s.set(JAVA_LONG, base + SQE_ADDR3, 0L);
        s.set(JAVA_LONG, base + SQE_PAD2, 0L);
        sqTail++;
    }

    /**
     * Publishes the prepared SQEs and calls {@code io_uring_enter(to_submit, minComplete, enterFlags)}.
     *
     * <p>On a SQPOLL ring the kernel's submission thread takes published SQEs by itself: nothing is entered
     * unless the thread sleeps ({@link IoUringAbi#SQ_NEED_WAKEUP}, then {@code ENTER_SQ_WAKEUP}) or
     * {@code minComplete > 0} asks to wait; the SQEs published by this call are counted as consumed.
     *
     * @return SQEs the kernel consumed ({@code >= 0}), or {@code -errno} (EAGAIN, EBUSY, EINTR: try again later)
     */
    public int submit(int minComplete, int enterFlags) {
        INT.setRelease(sqRing, sqTailOff, sqTail);
        if ((flags & SETUP_SQPOLL) != 0) {
            int handed = sqTail - published;
            published = sqTail;
            VarHandle.fullFence(); // the tail store before the flags load, as liburing's io_uring_smp_mb
            int wake = ((int) INT.getAcquire(sqRing, sqFlagsOff) & SQ_NEED_WAKEUP) != 0 ? ENTER_SQ_WAKEUP : 0;
            if (wake != 0 || minComplete > 0) {
                int rc = enter(0, minComplete, enterFlags | wake | (minComplete > 0 ? ENTER_GETEVENTS : 0));
                if (rc < 0 && rc != -Errno.EINTR) {
                    return rc;
                }
            }
            return handed;
        }
        int toSubmit = sqTail - (int) INT.getAcquire(sqRing, sqHeadOff);
        int n = enter(toSubmit, minComplete, enterFlags);
        if (n > 0) {
            published += n;
        }
        return n;
    }

    /** {@link #submit(int, int) submit(0, 0)}: hands over the prepared SQEs without waiting. */
    public int submit() {
        return submit(0, 0);
    }

    /** Waits until at least {@code min} CQEs are ready ({@code io_uring_enter} with GETEVENTS); 0 or -errno. */
    public int waitCompletions(int min) {
        int rc = enter(0, min, ENTER_GETEVENTS);
        return Math.min(rc, 0);
    }

    /** The raw {@code io_uring_enter(2)}: its result, or {@code -errno}. */
    public int enter(int toSubmit, int minComplete, int enterFlags) {
        try {
            long rc = (long) Syscalls.ENTER.invokeExact(capture, SYS_IO_URING_ENTER, (long) ringFd,
                    (long) toSubmit, (long) minComplete, (long) enterFlags, 0L, 0L);
            return rc >= 0 ? (int) rc : -Syscalls.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("io_uring_enter downcall failed", t);
        }
    }

    /**
     * True when completions may be waiting in the kernel that only an {@code io_uring_enter} with GETEVENTS
     * will post (deferred or cooperative task work, an overflowed CQ, or an IOPOLL ring: its completions are
     * found only by polling the device from {@code io_uring_enter}).
     */
    public boolean needsEnterForCompletions() {
        return (flags & (SETUP_DEFER_TASKRUN | SETUP_IOPOLL)) != 0
                || ((int) INT.getAcquire(sqRing, sqFlagsOff) & (SQ_TASKRUN | SQ_CQ_OVERFLOW)) != 0;
    }

    /** True when a SQPOLL ring's submission thread sleeps: the next {@link #submit} wakes it. */
    public boolean submitThreadAsleep() {
        return (flags & SETUP_SQPOLL) != 0 && ((int) INT.getAcquire(sqRing, sqFlagsOff) & SQ_NEED_WAKEUP) != 0;
    }

    /** CQEs ready to be read. */
    public int cqReady() {
        return (int) INT.getAcquire(cqRing, cqTailOff) - cqHead;
    }

    /** {@code user_data} of the {@code i}-th ready CQE ({@code 0 <= i < cqReady()}). */
    public long cqeUserData(int i) {
        return cqRing.get(JAVA_LONG, cqesOff + (long) ((cqHead + i) & cqMask) * CQE_SIZE + CQE_USER_DATA);
    }

    /** {@code res} of the {@code i}-th ready CQE: bytes transferred, 0, or {@code -errno}. */
    public int cqeResult(int i) {
        return cqRing.get(JAVA_INT, cqesOff + (long) ((cqHead + i) & cqMask) * CQE_SIZE + CQE_RES);
    }

    /** Marks {@code n} CQEs as consumed, giving their slots back to the kernel. */
    public void cqAdvance(int n) {
        cqHead += n;
        INT.setRelease(cqRing, cqHeadOff, cqHead);
    }

    /** {@code IORING_REGISTER_BUFFERS}: buffer {@code i} is then {@code buf_index} i of the fixed opcodes. */
    public void registerBuffers(long[] addresses, long[] lengths) throws SysException {
        if (addresses.length != lengths.length || addresses.length == 0) {
            throw new IllegalArgumentException("need as many lengths as addresses, at least one: addresses="
                    + addresses.length + " lengths=" + lengths.length);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment iov = a.allocate(IOVEC_SIZE * addresses.length, 8);
            for (int i = 0; i < addresses.length; i++) {
                iov.set(JAVA_LONG, IOVEC_SIZE * i, addresses[i]);
                iov.set(JAVA_LONG, IOVEC_SIZE * i + 8, lengths[i]);
            }
            register(REGISTER_BUFFERS, iov, addresses.length, "IORING_REGISTER_BUFFERS");
        }
    }

    /** {@code IORING_REGISTER_FILES}: with {@link IoUringAbi#SQE_FIXED_FILE}, fd {@code i} is then index i. */
    public void registerFiles(int[] fds) throws SysException {
        if (fds.length == 0) {
            throw new IllegalArgumentException("need at least one fd to register");
        }
        try (Arena a = Arena.ofConfined()) {
            register(REGISTER_FILES, a.allocateFrom(JAVA_INT, fds), fds.length, "IORING_REGISTER_FILES");
        }
    }

    /**
     * {@code IORING_REGISTER_FILES_UPDATE}: slot {@code offset} of the registered file table (made by
     * {@link #registerFiles} with room for it; -1 leaves a slot empty) then names {@code fd}, the file it named before
     * dropped by the ring once no request uses it.
     */
    public void updateFile(int offset, int fd) throws SysException {
        if (offset < 0) {
            throw new IllegalArgumentException("offset=" + offset);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment fds = a.allocateFrom(JAVA_INT, fd);
            MemorySegment update = a.allocate(FILES_UPDATE_SIZE, 8);
            update.set(JAVA_INT, 0, offset); // __u32 offset, __u32 resv, __aligned_u64 fds
            update.set(JAVA_LONG, 8, fds.address());
            register(REGISTER_FILES_UPDATE, update, 1, "IORING_REGISTER_FILES_UPDATE offset=" + offset);
        }
    }

    /** {@code IORING_UNREGISTER_FILES}: drops the registered file table (and the ring's references to its files). */
    public void unregisterFiles() throws SysException {
        register(UNREGISTER_FILES, MemorySegment.NULL, 0, "IORING_UNREGISTER_FILES");
    }

    /** {@code IORING_REGISTER_ENABLE_RINGS} for a ring set up with {@code IORING_SETUP_R_DISABLED}. */
    public void enable() throws SysException {
        register(REGISTER_ENABLE_RINGS, MemorySegment.NULL, 0, "IORING_REGISTER_ENABLE_RINGS");
    }

    private void register(int opcode, MemorySegment arg, int count, String what) throws SysException {
        try {
            long rc = (long) Syscalls.REGISTER.invokeExact(capture, SYS_IO_URING_REGISTER, (long) ringFd,
                    (long) opcode, arg, (long) count);
            if (rc < 0) {
                throw new SysException("io_uring_register", what + " count=" + count, Syscalls.errno(capture));
            }
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("io_uring_register downcall failed", t);
        }
    }

    /** Unmaps the rings and closes the ring fd; requests still in flight are cancelled by the kernel. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        arena.close();
        closeFd(ringFd);
    }
}
