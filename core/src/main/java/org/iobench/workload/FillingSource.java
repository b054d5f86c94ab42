package org.iobench.workload;

import org.iobench.engine.IoRequest;
import org.iobench.sys.Errno;

/**
 * A job that writes until the device is full (fio's {@code fill_device}): the requests of {@code inner} until a
 * write fails with ENOSPC or EDQUOT, which ends the source instead of failing the run; the request that failed
 * and those still in flight count for nothing, as in fio.
 */
final class FillingSource implements RequestSource {
    private final RequestSource inner;
    private boolean full;

    FillingSource(RequestSource inner) {
        this.inner = inner;
    }

    @Override
    public long passes() {
        return inner.passes();
    }

    @Override
    public boolean more() {
        return !full && inner.more();
    }

    @Override
    public void next(IoRequest r) {
        inner.next(r);
    }

    @Override
    public boolean shortIsFinal(IoRequest r) {
        return inner.shortIsFinal(r);
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return inner.nothingTransferred(r);
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        return inner.completed(r, bytes);
    }

    @Override
    public boolean countsEmpty() {
        return inner.countsEmpty();
    }

    @Override
    public boolean endsAt(int errno) {
        if (errno == Errno.ENOSPC || errno == Errno.EDQUOT) {
            full = true;
            return true;
        }
        return inner.endsAt(errno);
    }

    @Override
    public String where(IoRequest r) {
        return inner.where(r);
    }
}
