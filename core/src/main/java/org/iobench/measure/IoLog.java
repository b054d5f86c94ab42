package org.iobench.measure;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One of fio's I/O log files ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}) in fio's format,
 * one sample a line: {@code time (ms), value, direction (0 read, 1 write, 2 trim), block size, [offset,] priority}:
 * the priority column is 1 for an I/O of the real-time class, else 0, or with {@code log_prio} the I/O's priority
 * value in hex ({@code 0x2000}), as fio 3.33's {@code flush_samples} prints them.
 * Samples are kept in memory (four longs each, as fio keeps them) and written at the end, in chunks of a fixed
 * size: a log of millions of requests never copies what it holds to grow (a doubling array stalled the worker
 * for hundreds of ms at each power of two, so a 2 s time-based job with per-I/O logs ran 2.2-2.4 s and ended
 * right after a doubling, at 2^22 + 2 or 2^23 + 2 requests).
 *
 * <p>Not thread-safe: one log per worker, filled by its thread.
 */
public final class IoLog {
    private static final long BLOCK_MASK = (1L << 40) - 1;
    private final boolean offsets;
    private final boolean priorities;
    /** Longs per chunk: 16 Ki samples (512 KiB), the first chunk smaller for the many short logs. */
    private static final int CHUNK = 4 * 16 * 1024;
    private final java.util.ArrayList<long[]> full = new java.util.ArrayList<>();
    private long[] samples = new long[4 * 1024];
    private int used;

    /** @param offsets write the offset column ({@code log_offset=1}) */
    public IoLog(boolean offsets) {
        this(offsets, false);
    }

    /**
     * @param offsets    write the offset column ({@code log_offset=1})
     * @param priorities write each I/O's priority value ({@code log_prio=1}) instead of its real-time flag
     */
    public IoLog(boolean offsets, boolean priorities) {
        this.offsets = offsets;
        this.priorities = priorities;
    }

    /** Adds a sample; {@code blockBytes} and {@code offset} are 0 for an averaged window, as in fio. */
    public void add(long timeMillis, long value, int direction, long blockBytes, long offset) {
        add(timeMillis, value, direction, blockBytes, offset, 0);
    }

    /**
     * Adds a sample of an I/O of priority {@code ioprio} (16 bits, {@code class << 13 | level}; 0: none);
     * {@code blockBytes} below 2^40.
     */
    public void add(long timeMillis, long value, int direction, long blockBytes, long offset, int ioprio) {
        if (used + 4 > samples.length) {
            if (full.isEmpty() && samples.length < CHUNK) {
                samples = Arrays.copyOf(samples, CHUNK);
            } else {
                full.add(samples);
                samples = new long[CHUNK];
                used = 0;
            }
        }
        samples[used++] = timeMillis;
        samples[used++] = value;
        samples[used++] = ((long) direction << 56) | ((long) (ioprio & 0xffff) << 40) | (blockBytes & BLOCK_MASK);
        samples[used++] = offset;
    }

    public int size() {
        return (full.size() * CHUNK + used) / 4;
    }

    /** Writes the samples to {@code file} (replacing it): fio's {@code flush_samples} layout. */
    public void write(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(64);
            for (long[] chunk : full) {
                write(w, line, chunk, chunk.length);
            }
            write(w, line, samples, used);
        }
    }

    private void write(BufferedWriter w, StringBuilder line, long[] samples, int used) throws IOException {
        for (int i = 0; i < used; i += 4) {
            line.setLength(0);
            line.append(samples[i]).append(", ").append(samples[i + 1]).append(", ")
                    .append(samples[i + 2] >>> 56).append(", ").append(samples[i + 2] & BLOCK_MASK);
            if (offsets) {
                line.append(", ").append(samples[i + 3]);
            }
            int ioprio = (int) (samples[i + 2] >>> 40) & 0xffff;
            line.append(", ");
            if (priorities) {
                String hex = Integer.toHexString(ioprio);
                line.append("0x").append("0000", 0, Math.max(0, 4 - hex.length())).append(hex);
            } else {
                line.append(ioprio >>> 13 == 1 ? 1 : 0); // fio's ioprio_value_is_class_rt
            }
            line.append('\n');
            w.append(line);
        }
    }
}
