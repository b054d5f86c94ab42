package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;

/**
 * The requests of a {@code cpuio} job: each one a burn of the CPU that moves nothing (fio counts them as reads of
 * 0 bytes), until the job's time is up.
 */
final class CpuSource implements RequestSource {
    private final IoFile file;
    private final long lengthBytes;

    /** @param lengthBytes each request's nominal length (fio's {@code bs}); the engine moves none of it */
    CpuSource(IoFile file, long lengthBytes) {
        this.file = file;
        this.lengthBytes = lengthBytes;
    }

    @Override
    public boolean more() {
        return true;
    }

    @Override
    public void next(IoRequest r) {
        r.prepare(IoOp.READ, file, 0, lengthBytes);
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return null; // nothing is what a burn moves
    }

    @Override
    public boolean countsEmpty() {
        return true;
    }
}
