package org.iobench.measure;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

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
 * <p>With {@code log_compression} (fio's "compress the I/O logs as it goes, to keep the memory footprint lower")
 * every chunk of that many bytes of fio's samples ({@link FioSamples}) is deflated in the background as it fills
 * and only the compressed bytes are kept; with {@code log_store_compressed} the file is those zlib streams
 * ({@code .fz}, read back by fio's {@code --inflate-log}), else the text, inflated again at the end.
 *
 * <p>Not thread-safe: one log per worker, filled by its thread.
 */
public final class IoLog {
    private static final long BLOCK_MASK = (1L << 40) - 1;
    private final boolean offsets;
    private final boolean priorities;
    /** Longs per chunk: 16 Ki samples (512 KiB), the first chunk smaller for the many short logs. */
    private static final int CHUNK = 4 * 16 * 1024;
    private final ArrayList<long[]> full = new ArrayList<>();
    private long[] samples;
    private int used;
    /** Longs per compressed chunk ({@code log_compression}'s bytes in fio's samples), 0: not compressed as it goes. */
    private final int packedChunk;
    /** Where full chunks are deflated (off the worker's thread); null when not compressed as it goes. */
    private final Executor packer;
    /** The deflated chunks, in order. */
    private final List<CompletableFuture<byte[]>> packed = new ArrayList<>();

    /** @param offsets write the offset column ({@code log_offset=1}) */
    public IoLog(boolean offsets) {
        this(offsets, false);
    }

    /**
     * @param offsets    write the offset column ({@code log_offset=1})
     * @param priorities write each I/O's priority value ({@code log_prio=1}) instead of its real-time flag
     */
    public IoLog(boolean offsets, boolean priorities) {
        this(offsets, priorities, 0, null);
    }

    /**
     * @param compressBytes {@code log_compression}: deflate each chunk of this many bytes of fio's samples as it
     *                      fills, on {@code packer} (null: the common pool); 0: keep the samples as they are
     */
    public IoLog(boolean offsets, boolean priorities, long compressBytes, Executor packer) {
        this.offsets = offsets;
        this.priorities = priorities;
        this.packedChunk = compressBytes <= 0 ? 0
                : 4 * (int) Math.max(1, Math.min(CHUNK, compressBytes / FioSamples.size(offsets)));
        this.packer = packedChunk == 0 ? null : packer != null ? packer : ForkJoinPool.commonPool();
        this.samples = new long[packedChunk > 0 ? packedChunk : 4 * 1024];
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
            if (packedChunk > 0) {
                long[] done = samples;
                packed.add(CompletableFuture.supplyAsync(() -> pack(done, done.length), packer));
                samples = new long[packedChunk];
                used = 0;
            } else if (full.isEmpty() && samples.length < CHUNK) {
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
        int chunk = packedChunk > 0 ? packedChunk : CHUNK;
        return ((full.size() + packed.size()) * chunk + used) / 4;
    }

    /** Writes the samples to {@code file} (replacing it): fio's {@code flush_samples} layout. */
    public void write(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(64);
            if (packedChunk > 0) {
                for (byte[] chunk : packedChunks()) {
                    FioSamples.inflate(chunk, w);
                }
            }
            for (long[] chunk : full) {
                write(w, line, chunk, chunk.length);
            }
            write(w, line, samples, used);
        }
    }

    /**
     * Writes the samples to {@code file} (replacing it) as fio's {@code log_store_compressed} stores them: zlib
     * streams of fio's samples, one per chunk, one after the other.
     */
    public void writeCompressed(Path file) throws IOException {
        try (var out = new BufferedOutputStream(Files.newOutputStream(file))) {
            for (byte[] chunk : packedChunks()) {
                out.write(chunk);
            }
            for (long[] chunk : full) {
                out.write(pack(chunk, chunk.length));
            }
            if (used > 0) {
                out.write(pack(samples, used));
            }
        }
    }

    /** The chunks deflated as the log filled, waited for. */
    private List<byte[]> packedChunks() throws IOException {
        List<byte[]> out = new ArrayList<>(packed.size());
        for (CompletableFuture<byte[]> f : packed) {
            try {
                out.add(f.join());
            } catch (CompletionException e) {
                throw new IOException("compressing an I/O log failed: " + e.getCause().getMessage(), e.getCause());
            }
        }
        return out;
    }

    /** {@code used} longs of samples in fio's layout, deflated into one zlib stream. */
    private byte[] pack(long[] chunk, int used) {
        ByteBuffer raw = FioSamples.buffer(used / 4, offsets);
        for (int i = 0; i < used; i += 4) {
            FioSamples.put(raw, chunk[i], chunk[i + 1], (int) (chunk[i + 2] >>> 56),
                    (int) (chunk[i + 2] >>> 40) & 0xffff, chunk[i + 2] & BLOCK_MASK, chunk[i + 3], offsets, priorities);
        }
        return FioSamples.deflate(raw.array(), raw.position());
    }

    private void write(BufferedWriter w, StringBuilder line, long[] samples, int used) throws IOException {
        for (int i = 0; i < used; i += 4) {
            line.setLength(0);
            line(line, samples[i], samples[i + 1], (int) (samples[i + 2] >>> 56), samples[i + 2] & BLOCK_MASK,
                    offsets, samples[i + 3], priorities, (int) (samples[i + 2] >>> 40) & 0xffff);
            w.append(line);
        }
    }

    /** One sample as fio's {@code flush_samples} prints it, with its newline. */
    static void line(StringBuilder line, long time, long value, int direction, long blockBytes, boolean offsets,
                     long offset, boolean priorities, int ioprio) {
        line.append(time).append(", ").append(value).append(", ").append(direction).append(", ").append(blockBytes);
        if (offsets) {
            line.append(", ").append(offset);
        }
        line.append(", ");
        if (priorities) {
            String hex = Integer.toHexString(ioprio);
            line.append("0x").append("0000", 0, Math.max(0, 4 - hex.length())).append(hex);
        } else {
            line.append(ioprio >>> 13 == 1 ? 1 : 0); // fio's ioprio_value_is_class_rt
        }
        line.append('\n');
    }
}
