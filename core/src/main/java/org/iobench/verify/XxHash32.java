package org.iobench.verify;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * XXH32 (Yann Collet's xxHash, 32-bit), as fio 3.33's {@code crc/xxhash.c} computes it for {@code verify=xxhash}
 * with seed 1: four lanes over 16-byte stripes, then the tail, then the avalanche. Reads little-endian words as fio
 * does on x86. One call per block; nothing is kept between calls.
 */
final class XxHash32 {
    private static final int P1 = 0x9E3779B1;
    private static final int P2 = 0x85EBCA77;
    private static final int P3 = 0xC2B2AE3D;
    private static final int P4 = 0x27D4EB2F;
    private static final int P5 = 0x165667B1;

    private XxHash32() {}

    /** XXH32 of {@code buf[from, from + len)} with {@code seed}; the buffer's position and order are left alone. */
    static int hash(ByteBuffer buf, int from, int len, int seed) {
        ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int p = from;
        int end = from + len;
        int h;
        if (len >= 16) {
            int v1 = seed + P1 + P2;
            int v2 = seed + P2;
            int v3 = seed;
            int v4 = seed - P1;
            int limit = end - 16;
            do {
                v1 = round(v1, b.getInt(p));
                v2 = round(v2, b.getInt(p + 4));
                v3 = round(v3, b.getInt(p + 8));
                v4 = round(v4, b.getInt(p + 12));
                p += 16;
            } while (p <= limit);
            h = Integer.rotateLeft(v1, 1) + Integer.rotateLeft(v2, 7) + Integer.rotateLeft(v3, 12)
                    + Integer.rotateLeft(v4, 18);
        } else {
            h = seed + P5;
        }
        h += len;
        while (p + 4 <= end) {
            h += b.getInt(p) * P3;
            h = Integer.rotateLeft(h, 17) * P4;
            p += 4;
        }
        while (p < end) {
            h += (b.get(p) & 0xFF) * P5;
            h = Integer.rotateLeft(h, 11) * P1;
            p++;
        }
        h ^= h >>> 15;
        h *= P2;
        h ^= h >>> 13;
        h *= P3;
        h ^= h >>> 16;
        return h;
    }

    private static int round(int acc, int input) {
        acc += input * P2;
        acc = Integer.rotateLeft(acc, 13);
        return acc * P1;
    }
}
