package org.iobench.engine.falloc;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.engine.OpenMode;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.FileHandle;
import org.iobench.sys.NativeIo;

/**
 * fio's {@code falloc} engine: every request is one {@code fallocate(2)} over its range, counted by its length as
 * fio counts it. A read is {@code fallocate(KEEP_SIZE)} (blocks reserved, the size kept), a write
 * {@code fallocate(0)} (blocks reserved, the size extended), a trim {@code fallocate(PUNCH_HOLE | KEEP_SIZE)} (the
 * blocks freed; the range then reads as zeros); syncs are real. Files are always opened read-write, as fio's
 * engine opens them ({@code O_CREAT | O_RDWR}, here without creating one the job did not ask for), since
 * fallocate needs a writable descriptor. Synchronous: each call is done inside {@link #submit}.
 */
public final class FallocEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        /** fallocate is not a read(2) or write(2): /proc/self/io does not count it. */
        private final EngineDescription description = EngineDescription.of("falloc", null, List.of("falloc"),
                EngineFlag.SYNC, EngineFlag.OUTSIDE_PROC_IO, EngineFlag.NO_DATA, EngineFlag.TRIMS_FILES);
        @Override public EngineDescription description() { return description; }
        @Override public IoEngine create(EngineOptions options) { return new FallocEngine(options.clock()); }
    };

    private final NativeIo io = new NativeIo();
    private final NanoClock clock;

    FallocEngine(NanoClock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "falloc";
    }

    @Override
    public IoFile open(Path path, OpenMode mode) throws IOException {
        return IoFile.open(path, new OpenMode(true, mode.direct(), mode.dsync(), mode.sync(), mode.createNew()));
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        r.submitNanos(clock.nanoTime());
        long result = switch (r.op()) {
            case READ -> allocate(r, FileHandle.FALLOC_KEEP_SIZE);
            case WRITE -> allocate(r, 0);
            case TRIM -> allocate(r, FileHandle.FALLOC_PUNCH_HOLE | FileHandle.FALLOC_KEEP_SIZE);
            case FDATASYNC -> io.fdatasync(r.fd());
            case FSYNC -> io.fsync(r.fd());
        };
        r.complete(result);
        return SubmitStatus.COMPLETED;
    }

    private long allocate(IoRequest r, int mode) {
        int rc = io.fallocate(r.fd(), mode, r.offset(), r.length());
        return rc < 0 ? rc : r.length();
    }
}
