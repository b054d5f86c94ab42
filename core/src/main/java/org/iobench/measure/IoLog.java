package org.iobench.measure;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One of fio's I/O log files ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}) in fio's format,
 * one sample a line: {@code time (ms), value, direction (0 read, 1 write, 2 trim), block size, [offset,] priority}.
 * Samples are kept in memory (four longs each, as fio keeps them) and written at the end.
 *
 * <p>Not thread-safe: one log per worker, filled by its thread.
 */
public final class IoLog {
    private final boolean offsets;
    private long[] samples = new long[4 * 1024];
    private int used;

    /** @param offsets write the offset column ({@code log_offset=1}) */
    public IoLog(boolean offsets) {
        this.offsets = offsets;
    }

    /** Adds a sample; {@code blockBytes} and {@code offset} are 0 for an averaged window, as in fio. */
    public void add(long timeMillis, long value, int direction, long blockBytes, long offset) {
        if (used + 4 > samples.length) {
            samples = Arrays.copyOf(samples, samples.length * 2);
        }
        samples[used++] = timeMillis;
        samples[used++] = value;
        samples[used++] = ((long) direction << 56) | blockBytes;
        samples[used++] = offset;
    }

    public int size() {
        return used / 4;
    }

    /** Writes the samples to {@code file} (replacing it): fio's {@code flush_samples} layout, priority 0. */
    public void write(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(64);
            for (int i = 0; i < used; i += 4) {
                line.setLength(0);
                line.append(samples[i]).append(", ").append(samples[i + 1]).append(", ")
                        .append(samples[i + 2] >>> 56).append(", ").append(samples[i + 2] & ((1L << 56) - 1));
                if (offsets) {
                    line.append(", ").append(samples[i + 3]);
                }
                line.append(", 0\n");
                w.append(line);
            }
        }
    }
}
