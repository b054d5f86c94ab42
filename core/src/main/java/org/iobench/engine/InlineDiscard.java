package org.iobench.engine;

import org.iobench.clock.NanoClock;
import org.iobench.sys.NativeIo;

/**
 * A trim ({@link IoOp#TRIM}) done inside {@link IoEngine#submit}: {@code ioctl(fd, BLKDISCARD, {offset, length})},
 * as fio 3.33's {@code do_io_u_trim} does for {@code psync}, {@code libaio} and {@code io_uring} alike (Linux's
 * native AIO has no discard command, and fio's io_uring engine of that version does its trims inline too). The
 * result is the request's length, or {@code -errno} (ENOTTY on a regular file, EINVAL off the logical block).
 *
 * <p>One instance per engine, so per worker thread: it owns its system-call state.
 */
public final class InlineDiscard {
    private final NativeIo io = new NativeIo();
    private final NanoClock clock;

    public InlineDiscard(NanoClock clock) {
        this.clock = clock;
    }

    /** Discards {@code r}'s range now; the request completes before this returns. */
    public SubmitStatus submit(IoRequest r) {
        r.submitNanos(clock.nanoTime());
        int rc = io.discard(r.fd(), r.offset(), r.length());
        r.complete(rc < 0 ? rc : r.length());
        return SubmitStatus.COMPLETED;
    }
}
