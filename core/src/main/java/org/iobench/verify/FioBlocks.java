package org.iobench.verify;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import org.iobench.job.FioVerify;
import org.iobench.job.FioVerifyType;

/**
 * fio 3.33's verify of one request's buffer, as {@code verify.c} does it: {@link #stamp} is
 * {@code populate_verify_io_u} (the data from the header's random seed or {@code verify_pattern}, then every interval's header and
 * checksum, the header swapped {@code verify_offset} bytes in) and {@link #check} is {@code verify_io_u} (per
 * interval: swap back, check the header's magic, length, seed, offset, write number and own checksum, then the data's
 * checksum or pattern). The failure text is fio's. Not thread-safe: one per worker.
 */
final class FioBlocks {
    static final int SEED_BUCKETS = FioData.SEED_BUCKETS;

    private final FioVerifyType type;
    private final long interval;
    private final int headerOffset;
    private final byte[] pattern;
    private final int[] offsetsAt; // fio's %o in the pattern
    private final boolean fatal;
    private final int thread;
    private final FioChecksums sums = new FioChecksums();
    private final byte[] stored = new byte[128];
    private final byte[] computed = new byte[128];
    private final byte[] swap = new byte[256];
    private final long[] buckets = new long[SEED_BUCKETS];

    FioBlocks(FioVerify v) {
        this.type = v.type();
        this.interval = v.interval();
        this.headerOffset = Math.toIntExact(v.headerOffset());
        this.pattern = v.pattern();
        this.offsetsAt = v.offsetsAt().stream().mapToInt(Integer::intValue).toArray();
        this.fatal = v.fatal();
        this.thread = v.threadNumber();
    }

    /** What a read must find: the random seed of the data and the write number to compare, or -1 to take them from the header. */
    record Expect(long seed, int numberio) {
        static final Expect FROM_HEADER = new Expect(-1, -1);
    }

    /** fio's {@code get_hdr_inc}: bytes per header for a request of {@code len}. */
    int step(int len) {
        return interval > 0 && interval <= len ? (int) interval : len;
    }

    /**
     * Makes {@code buf[0, len)} the write at {@code offset}: data, then a header per interval (not for
     * {@code verify=pattern}), each with its checksum.
     */
    void stamp(ByteBuffer buf, long offset, int len, long seed, int numberio, long sec, long nsec) {
        if (type == FioVerifyType.NULL) {
            return; // fio's populate_verify_io_u leaves the buffer as it is
        }
        ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        fill(b, len, seed, offset);
        if (!type.hasHeader()) {
            return;
        }
        int step = step(len);
        int hs = type.headerBytes();
        for (int at = 0, n = 0; at < len; at += step, n++) {
            FioHeader.write(b, at, type.code(), step, seed, offset + n * interval, sec, nsec, thread, numberio, sums);
            if (type.checksumBytes() > 0) {
                int dataLen = Math.min(step, len - at) - hs;
                sums.compute(type, b, at + hs, dataLen, computed);
                b.put(at + FioHeader.BYTES, computed, 0, type.checksumBytes());
            }
            if (headerOffset > 0) {
                swap(b, at, at + headerOffset, hs);
            }
        }
    }

    /**
     * The data fio writes before the headers: {@code verify_pattern} (its {@code %o} the request's {@code offset})
     * repeated from the start, else random from seed.
     */
    void fill(ByteBuffer b, int len, long seed, long offset) {
        if (pattern.length > 0) {
            byte[] p = pattern(offset);
            for (int i = 0; i < len; i++) {
                b.put(i, p[i % p.length]);
            }
            return;
        }
        randomFill(b, len, seed, buckets);
    }

    /**
     * The pattern of the request at {@code offset}: fio's {@code paste_format_inplace} with {@code paste_blockoff},
     * the offset little-endian at each {@code %o}, cut at the pattern's end. Pasted in place, as fio does into its
     * {@code verify_pattern}: every request pastes its own.
     */
    private byte[] pattern(long offset) {
        for (int at : offsetsAt) {
            for (int i = 0; i < Long.BYTES && at + i < pattern.length; i++) {
                pattern[at + i] = (byte) (offset >>> (8 * i));
            }
        }
        return pattern;
    }

    /** fio's {@code __fill_random_buf} ({@link FioData#random}) from the buffer's start. */
    static void randomFill(ByteBuffer b, int len, long seed, long[] s) {
        FioData.random(b, 0, len, seed, s);
    }

    /**
     * fio's {@code verify_io_u} for a read of {@code len} bytes at {@code offset} into {@code buf}: null when every
     * interval is as written, else fio's message for the first bad one (with {@code verify_fatal}, as fio, checking
     * stops there; without it the other intervals' headers are still read, their failures not reported again).
     *
     * The headers are swapped back into place in {@code buf} as they are checked ({@code verify_offset}), as fio does.
     *
     * @param checkNumberio compare the write number (fio: a job that writes, one block size, not time-based)
     */
    Failure check(ByteBuffer buf, long offset, int len, Expect expect, boolean checkNumberio) {
        if (type == FioVerifyType.NULL) {
            return null;
        }
        ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int step = step(len);
        int hs = type.headerBytes();
        Failure first = null;
        for (int at = 0, n = 0; at < len; at += step, n++) {
            if (first != null && fatal) {
                break;
            }
            if (headerOffset > 0 && hs > 0) {
                swap(b, at, at + headerOffset, hs);
            }
            if (type.hasHeader()) {
                String bad = header(b, at, n, step, offset, expect, checkNumberio);
                if (bad != null) {
                    return new Failure(bad + " at offset " + (offset + (long) n * step) + ", length " + step
                            + " (requested block: offset=" + offset + ", length=" + len + ")", offset + (long) n * step,
                            step, at, true);
                }
            }
            Failure f = data(b, at, n, step, offset, len);
            if (f != null && first == null) {
                first = f;
            }
        }
        return first;
    }

    private String header(ByteBuffer b, int at, int n, int step, long offset, Expect expect, boolean checkNumberio) {
        if (FioHeader.magic(b, at) != FioHeader.MAGIC) {
            return "verify: bad magic header " + Integer.toHexString(FioHeader.magic(b, at)) + ", wanted acca";
        }
        if (FioHeader.len(b, at) != step) {
            return "verify: bad header length " + FioHeader.len(b, at) + ", wanted " + step;
        }
        if (expect.seed() != -1 && FioHeader.seed(b, at) != expect.seed()) {
            return "verify: bad header rand_seed " + Long.toUnsignedString(FioHeader.seed(b, at)) + ", wanted "
                    + Long.toUnsignedString(expect.seed());
        }
        if (FioHeader.offset(b, at) != offset + n * interval) {
            return "verify: bad header offset " + FioHeader.offset(b, at) + ", wanted " + offset;
        }
        if (checkNumberio && expect.numberio() != -1 && FioHeader.numberio(b, at) != (expect.numberio() & 0xFFFF)) {
            return "verify: bad header numberio " + FioHeader.numberio(b, at) + ", wanted "
                    + (expect.numberio() & 0xFFFF);
        }
        int crc = FioHeader.crc(b, at, sums);
        if (crc != FioHeader.storedCrc(b, at)) {
            return "verify: bad header crc " + Integer.toHexString(FioHeader.storedCrc(b, at)) + ", calculated "
                    + Integer.toHexString(crc);
        }
        return null;
    }

    /** The interval's data against its checksum (or the pattern); null when it holds. */
    private Failure data(ByteBuffer b, int at, int n, int step, long offset, int len) {
        long where = offset + (long) n * step;
        if (type.checksPattern()) {
            return pattern.length == 0 ? null : pattern(b, at, n, step, offset, len, where);
        }
        if (type.checksumBytes() == 0) {
            return null; // null: fio's pretend-to-verify
        }
        FioVerifyType onMedia = FioVerifyType.byCode(FioHeader.type(b, at)).orElse(type);
        int hs = onMedia.headerBytes();
        int dataLen = (int) FioHeader.len(b, at) - hs;
        if (dataLen < 0 || at + hs + dataLen > b.capacity()) {
            dataLen = step - type.headerBytes();
            hs = type.headerBytes();
        }
        int n2 = type.checksumBytes();
        b.get(at + FioHeader.BYTES, stored, 0, n2);
        sums.compute(type, b, at + hs, dataLen, computed);
        if (Arrays.equals(stored, 0, n2, computed, 0, n2)) {
            return null;
        }
        HexFormat hex = HexFormat.of();
        return new Failure(type.label() + ": verify failed at offset " + where + ", length " + step
                + " (requested block: offset=" + offset + ", length=" + len + "): expected " + type.label() + " "
                + hex.formatHex(stored, 0, n2) + ", received " + hex.formatHex(computed, 0, n2), where, step, at,
                false);
    }

    private Failure pattern(ByteBuffer b, int at, int n, int step, long offset, int len, long where) {
        byte[] pattern = pattern(offset);
        int hs = type.headerBytes();
        int size = pattern.length;
        int mod = (int) (((long) step * n + hs) % size);
        for (int i = 0; i < step - hs; i++) {
            byte got = b.get(at + hs + i);
            if (got != pattern[mod]) {
                return new Failure("pattern: verify failed at offset " + where + ", length " + step
                        + " (requested block: offset=" + offset + ", length=" + len + "): got pattern '"
                        + String.format("%02x", got & 0xFF) + "', wanted '" + String.format("%02x", pattern[mod] & 0xFF)
                        + "'. Bad bits " + Integer.bitCount((got ^ pattern[mod]) & 0xFF) + " at block offset " + i,
                        where, step, at, false);
            }
            if (++mod == size) {
                mod = 0;
            }
        }
        return null;
    }

    private void swap(ByteBuffer b, int x, int y, int n) {
        b.get(x, swap, 0, n);
        b.put(x, b, y, n);
        b.put(y, swap, 0, n);
    }

    /**
     * A bad interval: fio's message, where it is on the target, and where in the buffer.
     *
     * @param header the header itself was bad (fio's {@code hdr_fail} dump), else the data
     */
    record Failure(String message, long offset, int length, int bufferAt, boolean header) {}
}
