package org.iobench.engine.psync;

import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.NativeIo;

/**
 * Positional synchronous I/O, like fio's {@code psync}: each request is one {@code pread}/{@code pwrite}
 * (or {@code fdatasync}/{@code fsync}, or a trim's {@code ioctl(BLKDISCARD)}) done inside {@link #submit}, which
 * therefore always completes.
 */
public final class PsyncEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        /** fio's sync, pvsync, vsync and pvsync2 do the same I/O with read, readv or preadv2: one call each. */
        private final EngineDescription description = EngineDescription.of("psync", null,
                List.of("psync", "sync", "pvsync", "vsync", "pvsync2"), EngineFlag.SYNC);
        @Override public EngineDescription description() { return description; }
        @Override public IoEngine create(EngineOptions options) { return new PsyncEngine(options.clock()); }
    };

    private final NativeIo io = new NativeIo();
    private final NanoClock clock;

    /** An engine on the system clock, for set-up I/O ({@code Engines.forSetup()}). */
    public PsyncEngine() {
        this(NanoClock.SYSTEM);
    }

    PsyncEngine(NanoClock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "psync";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        // As fio's psync: submission is the system call itself, so slat is ~0 and clat is the call's duration.
        r.submitNanos(clock.nanoTime());
        long result = switch (r.op()) {
            case READ -> io.pread(r.fd(), r.buffer(), r.bufferOffset(), r.length(), r.offset());
            case WRITE -> io.pwrite(r.fd(), r.buffer(), r.bufferOffset(), r.length(), r.offset());
            case FDATASYNC -> io.fdatasync(r.fd());
            case FSYNC -> io.fsync(r.fd());
            case TRIM -> {
                int rc = io.discard(r.fd(), r.offset(), r.length());
                yield rc < 0 ? rc : r.length();
            }
        };
        r.complete(result);
        return SubmitStatus.COMPLETED;
    }
}
