package org.iobench.job.fio;

/**
 * The values of fio's options about its I/O logs that need more than a flag or a name, read as fio 3.33 reads them.
 */
final class FioLogOptions {
    /** fio's bounds of {@code log_compression} ({@code options.c}: {@code minval}, {@code maxval}). */
    static final long MIN_COMPRESS_BYTES = 1024;
    static final long MAX_COMPRESS_BYTES = 512L * 1024 * 1024;

    private FioLogOptions() {}

    /**
     * {@code log_compression}: the chunk of samples, in bytes (fio's sizes: {@code 10K}), deflated as the log fills;
     * 0 when not set. A value outside fio's 1 KiB to 512 MiB is refused, as fio refuses it.
     */
    static long compressBytes(FioJobOptions o) {
        FioSetting s = o.setting("log_compression").orElse(null);
        if (s == null) {
            return 0;
        }
        long v = o.size(s, s.value());
        if (v == 0) {
            return 0; // fio's default: off
        }
        if (v < MIN_COMPRESS_BYTES || v > MAX_COMPRESS_BYTES) {
            throw FioJobOptions.bad(s, "must be between 1024 and 536870912 bytes (fio's bounds)");
        }
        return v;
    }

    /**
     * {@code write_iolog}: the file every request is logged to (fio's iolog v3), or null; fio refuses it without a
     * name.
     */
    static String requestLog(FioJobOptions o) {
        FioSetting s = o.setting("write_iolog").orElse(null);
        if (s == null) {
            return null;
        }
        if (s.value().isBlank()) {
            throw FioJobOptions.bad(s, "needs a file name");
        }
        return s.value().strip();
    }
}
