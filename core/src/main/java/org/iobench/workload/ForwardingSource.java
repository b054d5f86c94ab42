package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.result.DryRun;
import org.iobench.result.VerifyPhases;

/**
 * A source that wraps another ({@code inner}) and changes part of what it does: every method a wrapper does not
 * override asks {@code inner}, except {@link #dataFailure}, {@link #finished} and {@link #countsEmpty}, which keep
 * {@link RequestSource}'s defaults unless the wrapper forwards them itself (a fill-device job checks no data; a
 * verifying one does not count empty completions).
 */
abstract class ForwardingSource implements RequestSource {
    protected final RequestSource inner;

    ForwardingSource(RequestSource inner) {
        this.inner = inner;
    }

    @Override
    public long passes() {
        return inner.passes();
    }

    @Override
    public long loops() {
        return inner.loops();
    }

    @Override
    public boolean endLoop() {
        return inner.endLoop();
    }

    @Override
    public long zoneResets() {
        return inner.zoneResets();
    }

    @Override
    public boolean turnsWith(FioRates rates) {
        return inner.turnsWith(rates);
    }

    @Override
    public long paceNext(long nowNanos) {
        return inner.paceNext(nowNanos);
    }

    @Override
    public boolean skipsIo() {
        return inner.skipsIo();
    }

    @Override
    public boolean noIo(IoRequest r) {
        return inner.noIo(r);
    }

    @Override
    public DryRun dryRun() {
        return inner.dryRun();
    }

    @Override
    public VerifyPhases verifyPhases() {
        return inner.verifyPhases();
    }

    @Override
    public boolean more() {
        return inner.more();
    }

    @Override
    public boolean moreForSync() {
        return inner.moreForSync();
    }

    @Override
    public IoFile syncFile(IoFile file) {
        return inner.syncFile(file);
    }

    @Override
    public boolean timesRequests() {
        return inner.timesRequests();
    }

    @Override
    public long dueNanos() {
        return inner.dueNanos();
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
    public boolean endsAt(int errno) {
        return inner.endsAt(errno);
    }

    @Override
    public String where(IoRequest r) {
        return inner.where(r);
    }

    @Override
    public boolean verifying() {
        return inner.verifying();
    }

    @Override
    public void rampEnded() {
        inner.rampEnded();
    }
}
