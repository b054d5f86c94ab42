package org.iobench.verify;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * fio 3.33's {@code verify=sha256}, which is not the SHA-256 digest: {@code crc/sha256.c} pads the message with its
 * bit count little-endian (the standard's is big-endian), and {@code fio_sha256_final} stores the state as
 * {@code buf[i] = state[i]} into a byte array, keeping the low byte of each of the eight words. What fio writes and
 * compares is the 64-byte context buffer after that: those 8 bytes, then bytes 8..63 of the last padded block (the
 * message's tail, 0x80, zeros, the little-endian bit count). iobench computes the same 64 bytes, so blocks verify
 * both ways; the SHA-256 compression itself is the standard one (FIPS 180-4).
 */
final class FioSha256 {
    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

    private final int[] state = new int[8];
    private final int[] w = new int[64];
    private final byte[] last = new byte[64];

    /** Writes fio's 64 bytes for {@code buf[from, from + len)} into {@code out[0, 64)}. */
    void compute(ByteBuffer buf, int from, int len, byte[] out) {
        state[0] = 0x6a09e667; state[1] = 0xbb67ae85; state[2] = 0x3c6ef372; state[3] = 0xa54ff53a;
        state[4] = 0x510e527f; state[5] = 0x9b05688c; state[6] = 0x1f83d9ab; state[7] = 0x5be0cd19;
        ByteBuffer be = buf.duplicate().order(ByteOrder.BIG_ENDIAN);
        int full = len & ~63;
        for (int p = from; p < from + full; p += 64) {
            for (int i = 0; i < 16; i++) {
                w[i] = be.getInt(p + 4 * i);
            }
            transform();
        }
        int tail = len - full;
        Arrays.fill(last, (byte) 0);
        buf.get(from + full, last, 0, tail);
        last[tail] = (byte) 0x80;
        if (tail >= 56) { // the length goes into a block of its own
            block(last);
            Arrays.fill(last, (byte) 0);
        }
        long bits = (long) len << 3;
        for (int i = 0; i < 8; i++) {
            last[56 + i] = (byte) (bits >>> (8 * i)); // little-endian, as fio's update of (uint8_t *)&bits
        }
        block(last);
        System.arraycopy(last, 0, out, 0, 64);
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) state[i];
        }
    }

    private void block(byte[] b) {
        for (int i = 0; i < 16; i++) {
            w[i] = (b[4 * i] & 0xFF) << 24 | (b[4 * i + 1] & 0xFF) << 16 | (b[4 * i + 2] & 0xFF) << 8
                    | (b[4 * i + 3] & 0xFF);
        }
        transform();
    }

    private void transform() {
        for (int i = 16; i < 64; i++) {
            int s0 = Integer.rotateRight(w[i - 15], 7) ^ Integer.rotateRight(w[i - 15], 18) ^ (w[i - 15] >>> 3);
            int s1 = Integer.rotateRight(w[i - 2], 17) ^ Integer.rotateRight(w[i - 2], 19) ^ (w[i - 2] >>> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        int a = state[0], b = state[1], c = state[2], d = state[3];
        int e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i++) {
            int t1 = h + (Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25))
                    + ((e & f) ^ (~e & g)) + K[i] + w[i];
            int t2 = (Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22))
                    + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}
