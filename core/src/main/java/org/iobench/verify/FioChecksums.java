package org.iobench.verify;

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.zip.CRC32C;
import org.iobench.job.FioVerifyType;

/**
 * The checksum part of fio 3.33's verify headers, byte for byte as fio stores it after the 40-byte header (x86, so
 * little-endian words). The JDK computes what matches fio: MD5 (fio's digest words are the standard's bytes), SHA-1
 * (fio stores its five state words in memory order: each 4-byte word of the standard digest reversed), SHA3-* (the
 * standard), CRC32C (inverted: fio skips the final xor). The rest is {@link FioCrcs}, {@link XxHash32} (seed 1) and
 * {@link FioSha256}. fio's {@code sha512} never finalises ({@code fill_sha512} calls only init and update): what it
 * stores is the SHA-512 context's 128-byte input buffer, which after an update of at least 128 bytes holds the data's
 * last {@code len % 128} bytes followed by bytes {@code len % 128 .. 127} of its first 128; iobench stores and
 * checks the same bytes (docs/fio.md says what that protects).
 *
 * <p>One instance per thread; nothing is allocated per block.
 */
final class FioChecksums {
    private final MessageDigest md5 = digest("MD5");
    private final MessageDigest sha1 = digest("SHA-1");
    private final MessageDigest sha3224 = digest("SHA3-224");
    private final MessageDigest sha3256 = digest("SHA3-256");
    private final MessageDigest sha3384 = digest("SHA3-384");
    private final MessageDigest sha3512 = digest("SHA3-512");
    private final CRC32C crc32c = new CRC32C();
    private final FioSha256 sha256 = new FioSha256();
    private final byte[] scratch = new byte[64];

    private static MessageDigest digest(String name) {
        try {
            return MessageDigest.getInstance(name);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no " + name, e);
        }
    }

    /**
     * Writes {@code type}'s checksum of {@code buf[from, from + len)} into {@code out[0, type.checksumBytes())}
     * (nothing for modes without one). {@code buf}'s position and limit are left as they were.
     */
    void compute(FioVerifyType type, ByteBuffer buf, int from, int len, byte[] out) {
        switch (type) {
            case MD5 -> digest(md5, buf, from, len, out, 16);
            case SHA1 -> {
                digest(sha1, buf, from, len, scratch, 20);
                for (int w = 0; w < 20; w += 4) {
                    for (int k = 0; k < 4; k++) {
                        out[w + k] = scratch[w + 3 - k];
                    }
                }
            }
            case SHA3_224 -> digest(sha3224, buf, from, len, out, 28);
            case SHA3_256 -> digest(sha3256, buf, from, len, out, 32);
            case SHA3_384 -> digest(sha3384, buf, from, len, out, 48);
            case SHA3_512 -> digest(sha3512, buf, from, len, out, 64);
            case SHA256 -> sha256.compute(buf, from, len, out);
            case SHA512 -> sha512(buf, from, len, out);
            case CRC32C -> putInt(out, ~crc32c(buf, from, len));
            case CRC32 -> putInt(out, FioCrcs.crc32(buf, from, len));
            case CRC64 -> {
                long c = FioCrcs.crc64(buf, from, len);
                for (int i = 0; i < 8; i++) {
                    out[i] = (byte) (c >>> (8 * i));
                }
            }
            case CRC16 -> {
                int c = FioCrcs.crc16(buf, from, len);
                out[0] = (byte) c;
                out[1] = (byte) (c >>> 8);
            }
            case CRC7 -> out[0] = (byte) FioCrcs.crc7(buf, from, len);
            case XXHASH -> putInt(out, XxHash32.hash(buf, from, len, 1));
            case META, PATTERN, PATTERN_NO_HDR, NULL -> { }
        }
    }

    /** fio's {@code fio_crc32c}: CRC32C from ~0 without the final inversion (the JDK's value inverted by the caller). */
    int crc32c(ByteBuffer buf, int from, int len) {
        crc32c.reset();
        int position = buf.position();
        int limit = buf.limit();
        buf.limit(from + len).position(from);
        crc32c.update(buf);
        buf.limit(limit).position(position);
        return (int) crc32c.getValue();
    }

    private static void digest(MessageDigest d, ByteBuffer buf, int from, int len, byte[] out, int n) {
        int position = buf.position();
        int limit = buf.limit();
        buf.limit(from + len).position(from);
        d.update(buf);
        buf.limit(limit).position(position);
        try {
            d.digest(out, 0, n);
        } catch (DigestException e) {
            throw new IllegalStateException(e);
        }
    }

    /** fio's unfinished SHA-512 context buffer (see the class comment); shorter data leaves the rest of out as is. */
    private static void sha512(ByteBuffer buf, int from, int len, byte[] out) {
        if (len >= 128) {
            buf.get(from, out, 0, 128);
        }
        int whole = len & ~127;
        buf.get(from + whole, out, 0, len - whole);
    }

    private static void putInt(byte[] out, int v) {
        for (int i = 0; i < 4; i++) {
            out[i] = (byte) (v >>> (8 * i));
        }
    }
}
