package org.iobench.workload;

import org.iobench.engine.IoRequest;
import org.iobench.sys.Errno;

/**
 * A job that writes until the device is full (fio's {@code fill_device}): the requests of {@code inner} until a
 * write fails with ENOSPC or EDQUOT, which ends the source instead of failing the run; the request that failed
 * and those still in flight count for nothing, as in fio.
 */
final class FillingSource extends ForwardingSource {
    private boolean full;

    FillingSource(RequestSource inner) {
        super(inner);
    }

    /** Its own {@link #more}: what it adds is not drawn ahead of a sync. */
    @Override
    public boolean moreForSync() {
        return more();
    }

    @Override
    public boolean more() {
        return !full && inner.more();
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
}
