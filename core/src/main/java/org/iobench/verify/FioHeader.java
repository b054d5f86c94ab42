package org.iobench.verify;

import java.nio.ByteBuffer;

/**
 * fio 3.33's {@code struct verify_header} (verify.h), 40 bytes little-endian at the start of every verify interval,
 * followed by the checksum ({@link FioChecksums}):
 *
 * <pre>
 *   0  2  magic 0xacca            24  4  time_sec   (the write's start)
 *   2  2  verify_type (fio's enum) 28  4  time_nsec
 *   4  4  len: bytes of the interval 32  2  thread    (fio's thread_number)
 *   8  8  rand_seed: the data's    34  2  numberio  (the job's write count, 16 bits)
 *  16  8  offset of the interval   36  4  crc32: fio_crc32c of bytes 0..35
 * </pre>
 *
 * Accessors take a buffer in little-endian order and the interval's start in it.
 */
final class FioHeader {
    static final int MAGIC = 0xacca;
    static final int BYTES = 40;
    static final int TYPE_AT = 2;
    static final int LEN_AT = 4;
    static final int SEED_AT = 8;
    static final int OFFSET_AT = 16;
    static final int SEC_AT = 24;
    static final int NSEC_AT = 28;
    static final int THREAD_AT = 32;
    static final int NUMBERIO_AT = 34;
    static final int CRC_AT = 36;

    private FioHeader() {}

    static void write(ByteBuffer b, int at, int type, int len, long seed, long offset, long sec, long nsec, int thread,
                      int numberio, FioChecksums sums) {
        b.putShort(at, (short) MAGIC);
        b.putShort(at + TYPE_AT, (short) type);
        b.putInt(at + LEN_AT, len);
        b.putLong(at + SEED_AT, seed);
        b.putLong(at + OFFSET_AT, offset);
        b.putInt(at + SEC_AT, (int) sec);
        b.putInt(at + NSEC_AT, (int) nsec);
        b.putShort(at + THREAD_AT, (short) thread);
        b.putShort(at + NUMBERIO_AT, (short) numberio);
        b.putInt(at + CRC_AT, crc(b, at, sums));
    }

    /** fio's header checksum: {@code fio_crc32c} over the 36 bytes before it. */
    static int crc(ByteBuffer b, int at, FioChecksums sums) {
        return ~sums.crc32c(b, at, CRC_AT);
    }

    static int magic(ByteBuffer b, int at) { return b.getShort(at) & 0xFFFF; }
    static int type(ByteBuffer b, int at) { return b.getShort(at + TYPE_AT) & 0xFFFF; }
    static long len(ByteBuffer b, int at) { return b.getInt(at + LEN_AT) & 0xFFFFFFFFL; }
    static long seed(ByteBuffer b, int at) { return b.getLong(at + SEED_AT); }
    static long offset(ByteBuffer b, int at) { return b.getLong(at + OFFSET_AT); }
    static int numberio(ByteBuffer b, int at) { return b.getShort(at + NUMBERIO_AT) & 0xFFFF; }
    static int storedCrc(ByteBuffer b, int at) { return b.getInt(at + CRC_AT); }
}
