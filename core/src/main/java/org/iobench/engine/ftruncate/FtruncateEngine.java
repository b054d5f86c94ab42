package org.iobench.engine.ftruncate;

import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.Errno;
import org.iobench.sys.NativeIo;

/**
 * fio's {@code ftruncate} engine: a write is {@code ftruncate(fd, offset)} (the file's size set to where the
 * request starts) and counts its whole length, as fio counts it; a read or a trim is refused with EINVAL, as fio
 * refuses them; syncs are real. Synchronous: each call is done inside {@link #submit}.
 */
public final class FtruncateEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        /** ftruncate is not a write(2): /proc/self/io does not count it. */
        private final EngineDescription description = EngineDescription.of("ftruncate", null, List.of("ftruncate"),
                EngineFlag.SYNC, EngineFlag.OUTSIDE_PROC_IO, EngineFlag.NO_DATA);
        @Override public EngineDescription description() { return description; }
        @Override public IoEngine create(EngineOptions options) { return new FtruncateEngine(options.clock()); }
    };

    private final NativeIo io = new NativeIo();
    private final NanoClock clock;

    FtruncateEngine(NanoClock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "ftruncate";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        r.submitNanos(clock.nanoTime());
        long result = switch (r.op()) {
            case READ, TRIM -> -Errno.EINVAL;
            case WRITE -> {
                int rc = io.ftruncate(r.fd(), r.offset());
                yield rc < 0 ? rc : r.length();
            }
            case FDATASYNC -> io.fdatasync(r.fd());
            case FSYNC -> io.fsync(r.fd());
        };
        r.complete(result);
        return SubmitStatus.COMPLETED;
    }
}
