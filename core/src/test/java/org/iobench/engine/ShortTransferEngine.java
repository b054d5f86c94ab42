package org.iobench.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.iobench.catalog.EngineDescription;

/**
 * A test engine that never transfers all that was asked, after Okio's {@code ONE_BYTE_AT_A_TIME} sources: each
 * read or write is handed to the wrapped engine cut to about half its length (a multiple of {@link #ALIGN} bytes,
 * so that O_DIRECT requests stay aligned; requests of {@code ALIGN} bytes or less go whole). The kernel really
 * transfers only that piece, so the caller sees a genuine short transfer and must resubmit the rest: a 4 KiB
 * request takes four submissions (2048, 1024, 512, 512 bytes).
 *
 * <p>The wrapped engine sees a stand-in request per index with the same buffer, index and issue time; on
 * completion its result and submit time are copied to the caller's request. Test code only: it allocates.
 */
public final class ShortTransferEngine implements IoEngine {
    public static final long ALIGN = 512;

    private final IoEngine delegate;
    private final boolean busyOnResubmission;
    private boolean refusedLast;
    private IoRequest[] standIns = new IoRequest[0];
    private IoRequest[] callers = new IoRequest[0];
    private Completions inner = new Completions(1);

    public ShortTransferEngine(IoEngine delegate) {
        this(delegate, false);
    }

    /**
     * @param busyOnResubmission also answer {@code BUSY} to every other resubmission (the rest of a short
     *                           transfer) while the wrapped engine has requests in flight, as an engine whose queue
     *                           is full would: the caller must hold the request and submit it again after reaping
     */
    public ShortTransferEngine(IoEngine delegate, boolean busyOnResubmission) {
        this.delegate = delegate;
        this.busyOnResubmission = busyOnResubmission;
    }

    /** The provider of {@code delegate}'s kind, wrapping every engine it creates. */
    public static EngineProvider wrap(EngineProvider delegate) {
        return new EngineProvider() {
            private final EngineDescription description = new EngineDescription(delegate.name() + "-short-transfers",
                    null, List.of(), delegate.description().flags(), true);
            @Override public EngineDescription description() { return description; }
            @Override
            public IoEngine create(EngineOptions options) throws IOException {
                return new ShortTransferEngine(delegate.create(options));
            }
        };
    }

    /** The piece of {@code length} bytes handed to the kernel. */
    static long piece(long length) {
        return length <= ALIGN ? length : Math.max(ALIGN, length / 2 / ALIGN * ALIGN);
    }

    @Override
    public String name() {
        return delegate.name() + "-short-transfers";
    }

    /** Files are the wrapped engine's: opened, closed, invalidated and advised by it. */
    @Override
    public IoFile open(Path path, OpenMode mode) throws IOException {
        return delegate.open(path, mode);
    }

    @Override
    public void close(IoFile file) throws IOException {
        delegate.close(file);
    }

    @Override
    public void invalidate(IoFile file) throws IOException {
        delegate.invalidate(file);
    }

    @Override
    public int adviseAccess(IoFile file, boolean random, long offset, long length) {
        return delegate.adviseAccess(file, random, offset, length);
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        if (busyOnResubmission && r.bufferOffset() > 0 && delegate.inFlight() > 0) {
            refusedLast = !refusedLast;
            if (refusedLast) {
                return SubmitStatus.BUSY;
            }
        }
        int index = r.index();
        if (index >= standIns.length) {
            standIns = Arrays.copyOf(standIns, index + 1);
            callers = Arrays.copyOf(callers, index + 1);
        }
        IoRequest s = standIns[index];
        if (s == null || s.buffer() != r.buffer()) {
            s = new IoRequest(index, r.buffer());
            standIns[index] = s;
        }
        if (r.op().transfersData()) {
            s.prepare(r.op(), r.file(), r.offset(), piece(r.length()), r.bufferOffset());
        } else if (r.op() == IoOp.TRIM) {
            s.prepare(r.op(), r.file(), r.offset(), r.length()); // a discard is never split: fio trims whole blocks
        } else {
            s.prepare(r.op(), r.file(), 0, 0);
        }
        s.issueNanos(r.issueNanos());
        SubmitStatus status = delegate.submit(s);
        if (status == SubmitStatus.COMPLETED) {
            copy(s, r);
        } else if (status == SubmitStatus.QUEUED) {
            callers[index] = r;
        }
        return status;
    }

    private static void copy(IoRequest from, IoRequest to) {
        to.submitNanos(from.submitNanos());
        to.complete(from.result());
    }

    @Override
    public void commit() {
        delegate.commit();
    }

    @Override
    public int reap(int min, Completions out) {
        int room = out.capacity() - out.size();
        if (inner.capacity() != room) {
            inner = new Completions(Math.max(room, 1));
        }
        inner.clear();
        int n = room == 0 ? 0 : delegate.reap(min, inner);
        for (int i = 0; i < n; i++) {
            IoRequest s = inner.get(i);
            IoRequest r = callers[s.index()];
            callers[s.index()] = null;
            copy(s, r);
            out.add(r);
        }
        return n;
    }

    @Override
    public int inFlight() {
        return delegate.inFlight();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
