package org.iobench.verify;

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32C;
import org.iobench.job.VerifyChecksum;

/**
 * Checksums of a block's payload with the JDK's {@link CRC32C} (an intrinsic: it reads native memory in place) or
 * SHA-256. Incremental, so a stamper can checksum each part of the payload while it is still in the CPU's cache:
 *
 * <pre>{@code
 * sums.begin(algorithm);
 * for (each part [from, to) of the payload, in order) sums.update(block, from, to);
 * sums.store(block);                  // into the header, or: boolean ok = sums.matchesStored(block);
 * }</pre>
 *
 * One instance per thread; nothing is allocated per block.
 */
final class PayloadChecksum {
    private final CRC32C crc = new CRC32C();
    private final MessageDigest sha256;
    private final byte[] digest = new byte[32];
    private final byte[] stored = new byte[32];
    private VerifyChecksum algorithm = VerifyChecksum.CRC32C;

    PayloadChecksum() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    /** The CRC32C engine, also used for header checksums between payload checksums. */
    CRC32C crc() {
        return crc;
    }

    void begin(VerifyChecksum a) {
        algorithm = a;
        crc.reset();
        sha256.reset();
    }

    /** Adds block bytes {@code [from, to)}; leaves the buffer's position and limit cleared. */
    void update(ByteBuffer block, int from, int to) {
        block.limit(to).position(from);
        if (algorithm == VerifyChecksum.SHA256) {
            sha256.update(block);
        } else {
            crc.update(block);
        }
        block.clear();
    }

    /** Finishes the checksum and stores it in the header's checksum field (unused bytes zero). */
    void store(ByteBuffer block) {
        int n = finish();
        block.put(BlockHeader.CHECKSUM_AT, digest, 0, n);
        for (int i = n; i < BlockHeader.CHECKSUM_BYTES; i++) {
            block.put(BlockHeader.CHECKSUM_AT + i, (byte) 0);
        }
    }

    /** Finishes the checksum and compares it with the one stored in the header. */
    boolean matchesStored(ByteBuffer block) {
        int n = finish();
        block.get(BlockHeader.CHECKSUM_AT, stored, 0, n);
        return Arrays.equals(digest, 0, n, stored, 0, n);
    }

    /** The whole payload in one go: true when its checksum equals the one stored in the header. */
    boolean matches(ByteBuffer block, int blockBytes, VerifyChecksum a) {
        begin(a);
        update(block, BlockHeader.BYTES, blockBytes);
        return matchesStored(block);
    }

    /** The checksum last finished, hex (bytes as stored in the header). */
    String lastHex() {
        return HexFormat.of().formatHex(digest, 0, algorithm == VerifyChecksum.SHA256 ? 32 : 4);
    }

    private int finish() {
        if (algorithm == VerifyChecksum.SHA256) {
            try {
                return sha256.digest(digest, 0, 32);
            } catch (DigestException e) {
                throw new IllegalStateException(e);
            }
        }
        int v = (int) crc.getValue();
        digest[0] = (byte) v;
        digest[1] = (byte) (v >>> 8);
        digest[2] = (byte) (v >>> 16);
        digest[3] = (byte) (v >>> 24);
        return 4;
    }
}
