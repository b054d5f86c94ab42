package org.iobench.verify;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.CRC32C;
import org.iobench.job.VerifyChecksum;

/**
 * Checksums of a block's payload with the JDK's {@link CRC32C} (an intrinsic: it reads native memory in place) or
 * SHA-256. One instance per thread; nothing is allocated per block.
 */
final class PayloadChecksum {
    private final CRC32C crc = new CRC32C();
    private final MessageDigest sha256;
    private final byte[] digest = new byte[32];
    private final byte[] stored = new byte[32];

    PayloadChecksum() {
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    CRC32C crc() {
        return crc;
    }

    /** Computes the payload checksum and stores it in the header's checksum field. */
    void stamp(ByteBuffer block, int blockBytes, VerifyChecksum algorithm) {
        int n = compute(block, blockBytes, algorithm);
        block.put(BlockHeader.CHECKSUM_AT, digest, 0, n);
        for (int i = n; i < BlockHeader.CHECKSUM_BYTES; i++) {
            block.put(BlockHeader.CHECKSUM_AT + i, (byte) 0);
        }
    }

    /** True when the payload's checksum equals the one stored in the header. */
    boolean matches(ByteBuffer block, int blockBytes, VerifyChecksum algorithm) {
        int n = compute(block, blockBytes, algorithm);
        block.get(BlockHeader.CHECKSUM_AT, stored, 0, n);
        return java.util.Arrays.equals(digest, 0, n, stored, 0, n);
    }

    /** The checksum last computed, hex. */
    String lastHex(VerifyChecksum algorithm) {
        return HexFormat.of().formatHex(digest, 0, algorithm == VerifyChecksum.SHA256 ? 32 : 4);
    }

    private int compute(ByteBuffer block, int blockBytes, VerifyChecksum algorithm) {
        block.limit(blockBytes).position(BlockHeader.BYTES);
        try {
            if (algorithm == VerifyChecksum.SHA256) {
                sha256.update(block);
                sha256.digest(digest, 0, 32);
                return 32;
            }
            crc.reset();
            crc.update(block);
            int v = (int) crc.getValue();
            digest[0] = (byte) v;
            digest[1] = (byte) (v >>> 8);
            digest[2] = (byte) (v >>> 16);
            digest[3] = (byte) (v >>> 24);
            return 4;
        } catch (java.security.DigestException e) {
            throw new IllegalStateException(e);
        } finally {
            block.clear();
        }
    }
}
