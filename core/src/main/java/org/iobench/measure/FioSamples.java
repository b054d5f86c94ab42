package org.iobench.measure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * fio's I/O log samples as fio 3.33 keeps them in memory and compresses them ({@code log_compression},
 * {@code log_store_compressed}): {@code struct io_sample} of {@code iolog.h} on x86-64, little-endian, 32 bytes
 * ({@code u64 time; u64 value; u32 ddir; u16 priority; 2 bytes padding; u64 bs}), 40 with the offset after it; the
 * {@code ddir} word carries {@code 0x80000000} when the samples have offsets and {@code 0x40000000} with
 * {@code log_prio}. A chunk of samples is deflated into one zlib stream (zlib's default level, as fio's
 * {@code gz_work}); a {@code .fz} file is its streams one after the other, which fio's {@code --inflate-log} (and
 * {@link #inflate}) turns back into the text log, each sample a line as {@code flush_samples} prints it.
 */
public final class FioSamples {
    static final int OFFSET_BIT = 0x80000000;
    static final int PRIO_BIT = 0x40000000;

    private FioSamples() {}

    /** Bytes per sample: fio's {@code __log_entry_sz}. */
    static int size(boolean offsets) {
        return offsets ? 40 : 32;
    }

    /** Appends one sample to {@code out} in fio's layout. */
    static void put(ByteBuffer out, long time, long value, int direction, int ioprio, long blockBytes, long offset,
                    boolean offsets, boolean priorities) {
        out.putLong(time).putLong(value)
                .putInt(direction | (offsets ? OFFSET_BIT : 0) | (priorities ? PRIO_BIT : 0))
                .putShort((short) ioprio).putShort((short) 0).putLong(blockBytes);
        if (offsets) {
            out.putLong(offset);
        }
    }

    static ByteBuffer buffer(int samples, boolean offsets) {
        return ByteBuffer.allocate(samples * size(offsets)).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code raw} deflated as one zlib stream at zlib's default level. */
    static byte[] deflate(byte[] raw, int length) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION);
        try {
            d.setInput(raw, 0, length);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, length / 4));
            byte[] chunk = new byte[16 * 1024];
            while (!d.finished()) {
                out.write(chunk, 0, d.deflate(chunk));
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    /**
     * The samples of a {@code .fz} file's bytes (zlib streams one after the other, fio's {@code iolog_file_inflate})
     * as fio's text log, appended to {@code out}.
     *
     * @throws IOException when the bytes are not such streams
     */
    public static void inflate(byte[] compressed, Appendable out) throws IOException {
        int at = 0;
        StringBuilder line = new StringBuilder(64);
        while (at < compressed.length) {
            Inflater in = new Inflater();
            ByteArrayOutputStream raw = new ByteArrayOutputStream(compressed.length * 4);
            try {
                in.setInput(compressed, at, compressed.length - at);
                byte[] chunk = new byte[64 * 1024];
                while (!in.finished()) {
                    int n = in.inflate(chunk);
                    if (n == 0 && (in.needsInput() || in.needsDictionary())) {
                        throw new IOException("the compressed log ends inside a chunk (byte " + at + ")");
                    }
                    raw.write(chunk, 0, n);
                }
                at = compressed.length - in.getRemaining();
            } catch (DataFormatException e) {
                throw new IOException("not a compressed fio log (byte " + at + "): " + e.getMessage());
            } finally {
                in.end();
            }
            text(raw.toByteArray(), out, line);
        }
    }

    /**
     * Raw samples as fio's text log: whether they carry offsets and priority values is read from the first one's
     * {@code ddir} bits, as fio's {@code flush_samples} reads it.
     */
    static void text(byte[] raw, Appendable out, StringBuilder line) throws IOException {
        if (raw.length < 32) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
        int first = b.getInt(16);
        boolean offsets = (first & OFFSET_BIT) != 0;
        boolean priorities = (first & PRIO_BIT) != 0;
        int size = size(offsets);
        for (int at = 0; at + size <= raw.length; at += size) {
            long time = b.getLong(at);
            long value = b.getLong(at + 8);
            int direction = b.getInt(at + 16) & ~(OFFSET_BIT | PRIO_BIT);
            int ioprio = b.getShort(at + 20) & 0xffff;
            long bs = b.getLong(at + 24);
            long offset = offsets ? b.getLong(at + 32) : 0;
            line.setLength(0);
            IoLog.line(line, time, value, direction, bs, offsets, offset, priorities, ioprio);
            out.append(line);
        }
    }
}
