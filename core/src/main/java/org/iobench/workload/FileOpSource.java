package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;

/**
 * The requests of a job run by one of fio's file-operation engines: one per file, in order (fio's round robin over
 * the job's files), request {@code i} at offset {@code i * lengthBytes} so the engine knows its file; each counts
 * {@code lengthBytes}, as fio counts the file's bytes. A read unless the job writes (fio's {@code stat_ddir}).
 */
final class FileOpSource implements RequestSource {
    private final IoFile file;
    private final IoOp op;
    private final int files;
    private final long lengthBytes;
    private int next;

    FileOpSource(IoFile file, IoOp op, int files, long lengthBytes) {
        this.file = file;
        this.op = op;
        this.files = files;
        this.lengthBytes = lengthBytes;
    }

    @Override
    public boolean more() {
        return next < files;
    }

    @Override
    public void next(IoRequest r) {
        r.prepare(op, file, next * lengthBytes, lengthBytes);
        next++;
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        return "the " + file + " job's file operation counted nothing";
    }
}
