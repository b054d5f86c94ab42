package org.iobench.sys.aio;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.iobench.sys.aio.AioAbi.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.iobench.sys.SysException;

/**
 * One Linux native AIO context ({@code io_setup}) with a queue of prepared {@code struct iocb}s and an array of
 * {@code struct io_event}s, driven through raw {@code io_submit}/{@code io_getevents}/{@code io_destroy} system
 * calls.
 *
 * <pre>{@code
 * try (AioContext aio = AioContext.create(32, 32)) {
 *     aio.prepare(AioAbi.CMD_PREAD, fd, bufferAddress, 4096, 0, 7);
 *     int n = aio.submit();                       // io_submit: 1, or -errno for the first queued iocb
 *     int ready = aio.getEvents(1, 32, true);     // io_getevents(min_nr=1, nr=32, timeout=NULL)
 *     long tag = aio.eventData(0);                // 7
 *     long res = aio.eventResult(0);              // bytes, or -errno
 * }
 * }</pre>
 *
 * <p>The kernel copies each iocb during {@code io_submit} and identifies completions by {@code aio_data}, so the
 * queue's memory is reused as soon as {@link #submit} returns; only the buffers must stay valid until the event is
 * read. Buffered (non-O_DIRECT) reads and writes are done inside {@code io_submit} itself: native AIO is only
 * asynchronous for O_DIRECT.
 *
 * <p>Not thread-safe: one context per thread at a time (the context itself may move between threads). Nothing on
 * the prepare/submit/getEvents path allocates. Those methods answer the kernel's convention ({@code >= 0} or
 * {@code -errno}) instead of throwing.
 */
public final class AioContext implements AutoCloseable {
    private final Arena arena;
    private final MemorySegment capture;
    private final long ctx;
    private final int capacity;
    /** The queue: iocb {@code i} at {@code i * IOCB_SIZE}, for {@code 0 <= i < queued}. */
    private final MemorySegment iocbs;
    /** {@code struct iocb *[capacity]}, entry {@code i} pointing at iocb {@code i} (filled once). */
    private final MemorySegment pointers;
    private final MemorySegment events;
    private final MemorySegment zeroTimeout;
    private int queued;
    private boolean closed;

    private AioContext(Arena arena, MemorySegment capture, long ctx, int capacity, int maxEvents) {
        this.arena = arena;
        this.capture = capture;
        this.ctx = ctx;
        this.capacity = capacity;
        this.iocbs = arena.allocate(IOCB_SIZE * capacity, 64);
        this.pointers = arena.allocate(8L * capacity, 8);
        for (int i = 0; i < capacity; i++) {
            pointers.set(JAVA_LONG, 8L * i, iocbs.address() + IOCB_SIZE * i);
        }
        this.events = arena.allocate(EVENT_SIZE * maxEvents, 8);
        this.zeroTimeout = arena.allocate(TIMESPEC_SIZE, 8);
    }

    /**
     * {@code io_setup(maxEvents)}: a context that can hold {@code maxEvents} requests in flight, with room to queue
     * {@code queueCapacity} iocbs before a submit.
     *
     * @throws SysException with the errno of {@code io_setup}: ENOSYS (kernel without AIO), EAGAIN (more than
     *                      {@code /proc/sys/fs/aio-max-nr} events system-wide), EPERM (refused by a policy), ENOMEM
     */
    public static AioContext create(int maxEvents, int queueCapacity) throws SysException {
        if (maxEvents < 1) {
            throw new IllegalArgumentException("maxEvents must be >= 1: maxEvents=" + maxEvents);
        }
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("queueCapacity must be >= 1: queueCapacity=" + queueCapacity);
        }
        Arena arena = Arena.ofShared();
        boolean made = false;
        try {
            MemorySegment capture = arena.allocate(AioSyscalls.CAPTURE_LAYOUT);
            MemorySegment ctxp = arena.allocate(JAVA_LONG); // aio_context_t, must be 0 on entry
            long rc = AioSyscalls.call(capture, SYS_IO_SETUP, maxEvents, ctxp.address(), 0, 0, 0);
            if (rc < 0) {
                throw new SysException("io_setup", "nr_events=" + maxEvents, (int) -rc);
            }
            AioContext aio = new AioContext(arena, capture, ctxp.get(JAVA_LONG, 0), queueCapacity, maxEvents);
            made = true;
            return aio;
        } finally {
            if (!made) {
                arena.close();
            }
        }
    }

    /**
     * Fills the next iocb of the queue. Every field is written, since iocbs are reused. The caller checks
     * {@link #queueSpace()} first.
     *
     * @param opcode   {@link AioAbi#CMD_PREAD}, {@link AioAbi#CMD_PWRITE}, {@link AioAbi#CMD_FDSYNC} or
     *                 {@link AioAbi#CMD_FSYNC} (then address, length and offset are 0)
     * @param userData returned as the event's {@code data}
     */
    public void prepare(short opcode, int fd, long address, long length, long offset, long userData) {
        prepare(opcode, fd, address, length, offset, userData, 0);
    }

    /**
     * As {@link #prepare(short, int, long, long, long, long)}, with the request's own I/O priority: a non-zero
     * {@code ioprio} ({@code class << 13 | level}) goes into {@code aio_reqprio} with {@code IOCB_FLAG_IOPRIO}, as
     * fio's libaio engine sets it; 0 leaves the request the submitting thread's priority.
     */
    public void prepare(short opcode, int fd, long address, long length, long offset, long userData, int ioprio) {
        if (queued >= capacity) {
            throw new IllegalStateException("the AIO queue is full: " + capacity + " iocbs");
        }
        MemorySegment s = iocbs;
        long base = IOCB_SIZE * queued;
        s.set(JAVA_LONG, base + IOCB_DATA, userData);
        s.set(JAVA_INT, base + IOCB_KEY, 0);
        s.set(JAVA_INT, base + IOCB_RW_FLAGS, 0);
        s.set(JAVA_SHORT, base + IOCB_LIO_OPCODE, opcode);
        s.set(JAVA_SHORT, base + IOCB_REQPRIO, (short) ioprio);
        s.set(JAVA_INT, base + IOCB_FILDES, fd);
        s.set(JAVA_LONG, base + IOCB_BUF, address);
        s.set(JAVA_LONG, base + IOCB_NBYTES, length);
        s.set(JAVA_LONG, base + IOCB_OFFSET, offset);
        s.set(JAVA_LONG, base + IOCB_RESERVED2, 0L);
        s.set(JAVA_INT, base + IOCB_FLAGS, ioprio != 0 ? IOCB_FLAG_IOPRIO : 0);
        s.set(JAVA_INT, base + IOCB_RESFD, 0);
        queued++;
    }

    /**
     * {@code io_submit} of the queued iocbs, oldest first. Those the kernel accepted leave the queue.
     *
     * @return how many were accepted ({@code >= 0}); or {@code -errno} when not even the first was: EAGAIN means
     *         no resources right now (try again after reaping), any other errno is the first iocb's own failure
     *         (EBADF for a bad descriptor or a write to a read-only one, EINVAL for an operation the file does not
     *         support) and that iocb stays first in the queue until {@link #dropFirst()}
     */
    public int submit() {
        if (queued == 0) {
            return 0;
        }
        long rc = AioSyscalls.call(capture, SYS_IO_SUBMIT, ctx, queued, pointers.address(), 0, 0);
        if (rc > 0) {
            drop((int) rc);
        }
        return (int) rc;
    }

    /** Removes the first queued iocb (one the kernel refused). */
    public void dropFirst() {
        if (queued > 0) {
            drop(1);
        }
    }

    private void drop(int n) {
        int left = queued - n;
        if (left > 0) {
            MemorySegment.copy(iocbs, IOCB_SIZE * n, iocbs, 0, IOCB_SIZE * left);
        }
        queued = left;
    }

    /**
     * {@code io_getevents}: reads between {@code min} and {@code max} completions into the event array, waiting for
     * {@code min} of them when {@code wait} (timeout NULL) or not at all (timeout zero).
     *
     * @param max at most the {@code maxEvents} the context was made with
     * @return events read ({@code >= 0}) or {@code -errno} (EINTR: a signal came first; call again)
     */
    public int getEvents(int min, int max, boolean wait) {
        long rc = AioSyscalls.call(capture, SYS_IO_GETEVENTS, ctx, wait ? min : 0, max, events.address(),
                wait ? 0 : zeroTimeout.address());
        return (int) rc;
    }

    /** {@code data} of event {@code i} of the last {@link #getEvents}: the iocb's {@code aio_data}. */
    public long eventData(int i) {
        return events.get(JAVA_LONG, EVENT_SIZE * i + EVENT_DATA);
    }

    /** {@code res} of event {@code i}: bytes transferred, 0 for a sync, or {@code -errno}. */
    public long eventResult(int i) {
        return events.get(JAVA_LONG, EVENT_SIZE * i + EVENT_RES);
    }

    /**
     * {@code io_destroy}, which cancels what it can and waits for every request still in flight, then frees the
     * queue and events. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            AioSyscalls.call(capture, SYS_IO_DESTROY, ctx, 0, 0, 0, 0);
        } finally {
            arena.close();
        }
    }
}
