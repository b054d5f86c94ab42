package org.iobench.engine.throwaway;

import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;
import org.iobench.sys.NativeIo;

/**
 * An engine made for a test, to show what adding one takes: this package and one registration line. Plain
 * positional calls, each request done inside submit; fio knows it as {@code throwaway-fio}.
 */
public final class ThrowawayEngine implements IoEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        private final EngineDescription description = EngineDescription.of("throwaway", "a throwaway engine",
                List.of("throwaway-fio"), EngineFlag.SYNC);
        @Override public EngineDescription description() { return description; }
        @Override public IoEngine create(EngineOptions options) { return new ThrowawayEngine(); }
    };

    private final NativeIo io = new NativeIo();
    int submitted;

    @Override
    public String name() {
        return "throwaway";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        submitted++;
        r.submitNanos(r.issueNanos());
        r.complete(switch (r.op()) {
            case READ -> io.pread(r.fd(), r.buffer(), r.bufferOffset(), r.length(), r.offset());
            case WRITE -> io.pwrite(r.fd(), r.buffer(), r.bufferOffset(), r.length(), r.offset());
            case FDATASYNC -> io.fdatasync(r.fd());
            case FSYNC -> io.fsync(r.fd());
            case TRIM -> -22; // EINVAL: it does not trim
        });
        return SubmitStatus.COMPLETED;
    }
}
