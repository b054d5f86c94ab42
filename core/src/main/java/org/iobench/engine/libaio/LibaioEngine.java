package org.iobench.engine.libaio;

import java.util.Arrays;
import org.iobench.clock.NanoClock;
import org.iobench.engine.AsyncQueue;
import org.iobench.engine.Completions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.aio.AioAbi;
import org.iobench.sys.aio.AioContext;

/**
 * Linux native asynchronous I/O, like fio's {@code libaio} engine but through raw system calls (no libaio library):
 * {@link #submit} fills an iocb and returns {@code QUEUED}; the queued iocbs go to the kernel in one
 * {@code io_submit} when {@code batch} of them are waiting or on {@link #commit}; {@link #reap} collects events
 * with {@code io_getevents}, waiting for {@code min}. {@code submit} answers {@code BUSY} when {@code iodepth}
 * requests are in flight (queued, in the kernel, or refused and not yet reaped).
 *
 * <p><b>Only O_DIRECT is asynchronous.</b> For a buffered file the kernel does the whole read or write inside
 * {@code io_submit} (fio's libaio engine behaves the same): requests then complete one after another in the
 * submitting thread, and their time shows up as submission latency (slat), not completion latency.
 *
 * <p>Each iocb carries the request's {@link IoRequest#index() index} as {@code aio_data}; requests with the same
 * index must not be in flight together. An event's {@code res} becomes the request's result: bytes (short at end of
 * file), 0 for a sync, or {@code -errno}. Some failures are reported by {@code io_submit} itself instead of an event
 * (EBADF for a bad descriptor or a write to a read-only one, EINVAL for a sync the file system cannot do
 * asynchronously): the request then completes with that {@code -errno} and comes back from the next {@link #reap},
 * like any other.
 *
 * <p>Latency, as fio: {@link IoRequest#submitNanos} is the run's clock just after the {@code io_submit}
 * that handed the request to the kernel returned; the caller takes completion time when {@code reap} returns.
 *
 * <p>Not counted in {@code /proc/self/io} {@code rchar}/{@code wchar}: the kernel calls the file's
 * {@code read_iter}/{@code write_iter} directly, bypassing the {@code read(2)}/{@code write(2)} accounting (as
 * io_uring does). Nothing on the submit/commit/reap path allocates.
 */
public final class LibaioEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new LibaioProvider();

    private final AioContext aio;
    private final int iodepth;
    private final AsyncQueue q;
    /** Requests {@code io_submit} refused, already completed with {@code -errno}, waiting to be reaped. */
    private final IoRequest[] refused;
    private int refusedCount;

    LibaioEngine(AioContext aio, int iodepth, int batch, NanoClock clock) {
        this.aio = aio;
        this.iodepth = iodepth;
        this.q = new AsyncQueue(iodepth, batch, clock);
        this.refused = new IoRequest[iodepth];
    }

    @Override
    public String name() {
        return "libaio";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        if (r.op() == IoOp.TRIM) {
            return q.trim(r, this);
        }
        if (q.full()) {
            return SubmitStatus.BUSY;
        }
        q.claim(r);
        short opcode = switch (r.op()) {
            case READ -> AioAbi.CMD_PREAD;
            case WRITE -> AioAbi.CMD_PWRITE;
            case FDATASYNC -> AioAbi.CMD_FDSYNC;
            case FSYNC -> AioAbi.CMD_FSYNC;
            case TRIM -> throw new IllegalStateException("trims are done inline");
        };
        if (r.op().transfersData()) {
            aio.prepare(opcode, r.fd(), r.buffer().address() + r.bufferOffset(), r.length(), r.offset(), r.index(),
                    r.ioprio());
        } else {
            aio.prepare(opcode, r.fd(), 0, 0, 0, r.index());
        }
        if (q.enqueue(r)) {
            commit();
        }
        return SubmitStatus.QUEUED;
    }

    @Override
    public void commit() {
        while (q.queuedCount() > 0) {
            int n = aio.submit();
            if (n == -Errno.EAGAIN || n == -Errno.EINTR || n == 0) {
                return; // stays queued; the next commit or reap tries again
            }
            if (n < 0) {
                // The first queued iocb failed on its own: it completes now, with the errno, and is reaped later.
                aio.dropFirst();
                refuse(q.queued(0), n, q.now());
                q.dequeue(1);
            } else {
                q.submitted(n);
            }
        }
    }

    private void refuse(IoRequest r, long negErrno, long now) {
        r.submitNanos(now);
        r.complete(negErrno);
        refused[refusedCount++] = r;
    }

    @Override
    public int reap(int min, Completions out) {
        if (q.queuedCount() > 0) {
            commit();
        }
        int room = out.capacity() - out.size();
        int added = 0;
        if (refusedCount > 0 && room > 0) {
            added = deliverRefused(out, room);
            room -= added;
        }
        int inKernel = q.inFlight() - q.queuedCount() - refusedCount;
        if (inKernel == 0 && q.queuedCount() > 0 && refusedCount == 0 && added == 0) {
            failStuckQueue(); // io_submit keeps answering EAGAIN with nothing of ours in the kernel
            return reap(min, out);
        }
        if (room <= 0 || inKernel == 0 || (added > 0 && added >= min)) {
            return added;
        }
        // Never wait for more than can come back or fit.
        int want = Math.min(Math.min(min - added, room), inKernel);
        int max = Math.min(room, iodepth);
        int n;
        do {
            n = aio.getEvents(Math.max(want, 0), max, want > 0);
        } while (n == -Errno.EINTR);
        if (n < 0) {
            throw new IllegalStateException("io_getevents: " + Errno.describe(-n));
        }
        for (int i = 0; i < n; i++) {
            IoRequest r = q.release(aio.eventData(i), "AIO event");
            r.complete(aio.eventResult(i));
            out.add(r);
        }
        q.completed(n);
        return added + n;
    }

    private int deliverRefused(Completions out, int room) {
        int n = Math.min(room, refusedCount);
        IoRequest[] f = refused;
        for (int i = 0; i < n; i++) {
            q.releaseSlot(f[i]);
            out.add(f[i]);
        }
        int left = refusedCount - n;
        System.arraycopy(f, n, f, 0, left);
        Arrays.fill(f, left, refusedCount, null);
        refusedCount = left;
        q.completed(n);
        return n;
    }

    /**
     * EAGAIN from {@code io_submit} means the context has no room; with none of this engine's requests in the
     * kernel, waiting cannot free any, so the queued requests complete with EAGAIN instead of spinning forever.
     */
    private void failStuckQueue() {
        long now = q.now();
        while (q.queuedCount() > 0) {
            aio.dropFirst();
            refuse(q.queued(0), -Errno.EAGAIN, now);
            q.dequeue(1);
        }
    }

    @Override
    public int inFlight() {
        return q.inFlight();
    }

    @Override
    public int uncommitted() {
        return q.queuedCount();
    }

    /**
     * Waits for the requests the kernel still holds (their buffers may still be written), then destroys the
     * context ({@code io_destroy} would wait too, but draining first keeps the order explicit).
     */
    @Override
    public void close() {
        try {
            int inKernel = q.inFlight() - q.queuedCount() - refusedCount;
            while (inKernel > 0) {
                int n = aio.getEvents(inKernel, Math.min(inKernel, iodepth), true);
                if (n < 0 && n != -Errno.EINTR) {
                    break;
                }
                inKernel -= Math.max(n, 0);
            }
        } finally {
            aio.close();
            q.clear();
            refusedCount = 0;
        }
    }
}
