package org.iobench.workload;

import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.verify.FioWorkerVerifier;

/**
 * The warm-up's stand-in for fio's verify ({@link FioVerifySource}): each write of the job's own source is stamped as
 * a run's is (data, headers, checksums), so that the stamping is compiled before the window opens; nothing is logged
 * or read back ({@code /dev/zero} would give zeros to check).
 */
final class WarmStampSource extends ForwardingSource {
    private final FioWorkerVerifier.Stamper stamper;

    WarmStampSource(RequestSource inner, FioWorkerVerifier.Stamper stamper) {
        super(inner);
        this.stamper = stamper;
    }

    @Override
    public void next(IoRequest r) {
        inner.next(r);
        if (r.op() == IoOp.WRITE) {
            stamper.stamp(r.index(), r.offset(), (int) r.length());
        }
    }
}
