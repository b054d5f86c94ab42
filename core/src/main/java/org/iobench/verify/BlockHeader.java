package org.iobench.verify;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.zip.CRC32C;
import org.iobench.job.VerifyChecksum;
import org.iobench.result.BlockHeaderFields;

/**
 * The 128-byte header at the start of every verified block, little-endian (docs/verify.md has the table):
 *
 * <pre>
 *   0  8  magic "IOBVRFY1"          48  8  timestamp, ms since the epoch
 *   8  2  layout version (1)        56  4  worker
 *  10  1  checksum: 1 crc32c, 2 sha256  60  4  reserved, 0
 *  11  1  payload: 0 zero, 1 random 64 32  payload checksum (crc32c: 4 bytes, rest 0)
 *  12  4  header bytes (128)        96 28  reserved, 0
 *  16  8  offset                   124  4  crc32c of bytes 0..123
 *  24  8  block size
 *  32  8  run id
 *  40  8  sequence number
 * </pre>
 *
 * The payload is everything after the header. The header's own checksum tells a damaged header from a torn
 * payload. Accessors read a block given as a buffer whose index 0 is the block's first byte; none allocate.
 */
public final class BlockHeader {
    public static final int BYTES = VerifyChecksum.HEADER_BYTES;
    /** "IOBVRFY1" read as a little-endian long. */
    static final long MAGIC = 0x3159465256424F49L;
    static final int VERSION = 1;

    static final int MAGIC_AT = 0;
    static final int VERSION_AT = 8;
    static final int ALGORITHM_AT = 10;
    static final int PAYLOAD_AT = 11;
    static final int HEADER_BYTES_AT = 12;
    static final int OFFSET_AT = 16;
    static final int BLOCK_SIZE_AT = 24;
    static final int RUN_ID_AT = 32;
    static final int SEQUENCE_AT = 40;
    static final int TIMESTAMP_AT = 48;
    static final int WORKER_AT = 56;
    static final int CHECKSUM_AT = 64;
    static final int CHECKSUM_BYTES = 32;
    static final int HEADER_CRC_AT = 124;

    private BlockHeader() {}

    /** Writes every field but the payload checksum and the header's own checksum (see {@link #seal}). */
    static void write(ByteBuffer b, long offset, long blockSize, long runId, long sequence, long timestampMillis,
                      int worker, VerifyChecksum algorithm, boolean randomPayload) {
        b.putLong(MAGIC_AT, MAGIC);
        b.putShort(VERSION_AT, (short) VERSION);
        b.put(ALGORITHM_AT, (byte) algorithmCode(algorithm));
        b.put(PAYLOAD_AT, (byte) (randomPayload ? 1 : 0));
        b.putInt(HEADER_BYTES_AT, BYTES);
        b.putLong(OFFSET_AT, offset);
        b.putLong(BLOCK_SIZE_AT, blockSize);
        b.putLong(RUN_ID_AT, runId);
        b.putLong(SEQUENCE_AT, sequence);
        b.putLong(TIMESTAMP_AT, timestampMillis);
        b.putInt(WORKER_AT, worker);
        b.putInt(WORKER_AT + 4, 0);
        for (int i = CHECKSUM_AT + CHECKSUM_BYTES; i < HEADER_CRC_AT; i += 4) {
            b.putInt(i, 0);
        }
    }

    /** Computes the header checksum over bytes 0..123 and stores it; call after the payload checksum is in. */
    static void seal(ByteBuffer b, CRC32C crc) {
        b.putInt(HEADER_CRC_AT, headerCrc(b, crc));
    }

    static int headerCrc(ByteBuffer b, CRC32C crc) {
        crc.reset();
        b.limit(HEADER_CRC_AT).position(0);
        crc.update(b);
        b.clear();
        return (int) crc.getValue();
    }

    static boolean hasMagic(ByteBuffer b) {
        return b.getLong(MAGIC_AT) == MAGIC;
    }

    /** Magic, version, size and header checksum all hold: the fields can be trusted. */
    static boolean intact(ByteBuffer b, CRC32C crc) {
        return hasMagic(b) && b.getShort(VERSION_AT) == VERSION && b.getInt(HEADER_BYTES_AT) == BYTES
                && algorithm(b) != null && b.getInt(HEADER_CRC_AT) == headerCrc(b, crc);
    }

    static long offset(ByteBuffer b) { return b.getLong(OFFSET_AT); }
    static long blockSize(ByteBuffer b) { return b.getLong(BLOCK_SIZE_AT); }
    static long runId(ByteBuffer b) { return b.getLong(RUN_ID_AT); }
    static long sequence(ByteBuffer b) { return b.getLong(SEQUENCE_AT); }
    static long timestampMillis(ByteBuffer b) { return b.getLong(TIMESTAMP_AT); }
    static int worker(ByteBuffer b) { return b.getInt(WORKER_AT); }
    static boolean randomPayload(ByteBuffer b) { return b.get(PAYLOAD_AT) == 1; }

    /** The checksum algorithm named in the header, null for an unknown code. */
    static VerifyChecksum algorithm(ByteBuffer b) {
        return switch (b.get(ALGORITHM_AT)) {
            case 1 -> VerifyChecksum.CRC32C;
            case 2 -> VerifyChecksum.SHA256;
            default -> null;
        };
    }

    static int algorithmCode(VerifyChecksum algorithm) {
        return switch (algorithm) {
            case CRC32C -> 1;
            case SHA256 -> 2;
            case NONE -> throw new IllegalArgumentException("no checksum to stamp: verify=none");
        };
    }

    /** The payload checksum stored in the header, hex (4 bytes for crc32c, 32 for sha256). */
    static String storedChecksum(ByteBuffer b) {
        VerifyChecksum a = algorithm(b);
        int n = a == VerifyChecksum.SHA256 ? 32 : 4;
        byte[] bytes = new byte[n];
        b.get(CHECKSUM_AT, bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The header's fields for a report (allocates: mismatches only). */
    static BlockHeaderFields fields(ByteBuffer b) {
        VerifyChecksum a = algorithm(b);
        return new BlockHeaderFields(RunIds.format(runId(b)), offset(b), blockSize(b), sequence(b), worker(b),
                timestampMillis(b), a == null ? "unknown" : a.label(), a == null ? null : storedChecksum(b));
    }
}
