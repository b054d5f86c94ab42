package org.iobench.engine.libaio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.sys.Errno;
import org.iobench.sys.SysException;
import org.iobench.sys.aio.AioContext;

/** Makes {@link LibaioEngine}s; {@code --engine libaio} (fio's {@code ioengine=libaio}). */
final class LibaioProvider implements EngineProvider {
    static final Path AIO_MAX_NR = Path.of("/proc/sys/fs/aio-max-nr");
    static final Path AIO_NR = Path.of("/proc/sys/fs/aio-nr");

    /** OUTSIDE_PROC_IO: see {@link LibaioEngine}, AIO transfers are not counted in rchar/wchar. */
    private static final EngineDescription DESCRIPTION = EngineDescription.of("libaio", "native AIO (libaio)",
            List.of("libaio"), EngineFlag.PER_REQUEST_PRIORITY, EngineFlag.OUTSIDE_PROC_IO);

    @Override
    public EngineDescription description() {
        return DESCRIPTION;
    }

    @Override
    public IoEngine create(EngineOptions options) throws IOException {
        int iodepth = options.iodepth();
        try {
            return new LibaioEngine(AioContext.create(iodepth, iodepth), iodepth, options.batch(), options.clock());
        } catch (SysException e) {
            throw new IOException(unavailableMessage(e.errno(), iodepth, read(AIO_NR), read(AIO_MAX_NR)), e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * One line saying why native AIO cannot be used, from the errno of {@code io_setup} and the system-wide
     * counters {@code /proc/sys/fs/aio-nr} and {@code aio-max-nr} ({@code null} when unreadable).
     */
    static String unavailableMessage(int errno, int iodepth, String aioNr, String aioMaxNr) {
        String why;
        if (errno == Errno.ENOSYS) {
            why = "this kernel has no native AIO (io_setup: ENOSYS; built without CONFIG_AIO)";
        } else if (errno == Errno.EAGAIN) {
            why = "io_setup for " + iodepth + " events: " + Errno.describe(errno) + "; the system-wide limit"
                    + " fs.aio-max-nr" + (aioMaxNr != null ? " (" + aioMaxNr + ")" : "") + " would be exceeded"
                    + (aioNr != null ? " (" + aioNr + " in use)" : "") + ": lower --iodepth or --threads, or raise"
                    + " sysctl fs.aio-max-nr";
        } else if (errno == Errno.EPERM) {
            why = "io_setup was refused with EPERM (a seccomp filter or security policy, e.g. a container's)";
        } else {
            why = "io_setup for " + iodepth + " events: " + Errno.describe(errno);
        }
        return "native AIO (libaio) is not available: " + why + "; use --engine psync";
    }
}
