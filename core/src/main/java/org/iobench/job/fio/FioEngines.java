package org.iobench.job.fio;

import java.util.Locale;
import java.util.Optional;

/** fio's engine names that have an iobench engine doing the same I/O, and that engine's name. */
public final class FioEngines {
    /** For messages: the fio engines iobench runs. */
    public static final String KNOWN = "psync, sync, pvsync, vsync, pvsync2 (iobench's psync), io_uring, libaio,"
            + " null, ftruncate, falloc, cpuio, exec, filecreate, filestat, filedelete";

    private FioEngines() {}

    /**
     * iobench's engine for fio's {@code name}: fio's synchronous one-request-per-call engines are psync
     * ({@code pread}/{@code pwrite} do the same I/O as {@code read}, {@code readv} or {@code preadv2}); empty when
     * iobench has none.
     */
    public static Optional<String> iobench(String name) {
        return Optional.ofNullable(switch (name.toLowerCase(Locale.ROOT)) {
            case "psync", "sync", "pvsync", "vsync", "pvsync2" -> "psync";
            case "io_uring" -> "uring";
            case "libaio" -> "libaio";
            case "null" -> "null";
            case "ftruncate" -> "ftruncate";
            case "falloc" -> "falloc";
            case "cpuio" -> "cpuio";
            case "exec" -> "exec";
            case "filecreate", "filestat", "filedelete" -> name.toLowerCase(Locale.ROOT);
            default -> null;
        });
    }
}
