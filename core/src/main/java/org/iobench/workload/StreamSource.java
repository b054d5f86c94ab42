package org.iobench.workload;

import org.iobench.engine.IoRequest;

/**
 * The requests of a job on a network engine: those of {@code inner} until a receive moves nothing, which is the
 * other end's close (fio's close message, or the peer closing a TCP connection) and ends the job normally, as it
 * ends fio's; the request that moved nothing counts for nothing.
 */
final class StreamSource extends ForwardingSource {
    private boolean closed;

    StreamSource(RequestSource inner) {
        super(inner);
    }

    /** Its own {@link #more}: what it adds is not drawn ahead of a sync. */
    @Override
    public boolean moreForSync() {
        return more();
    }

    @Override
    public boolean more() {
        return !closed && inner.more();
    }

    @Override
    public boolean countsEmpty() {
        return inner.countsEmpty();
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        closed = true;
        return null;
    }
}
