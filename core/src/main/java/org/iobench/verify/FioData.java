package org.iobench.verify;

import java.nio.ByteBuffer;

/**
 * fio 3.33's data generators ({@code lib/rand.c}, {@code lib/pattern.c}), byte for byte: {@link #random}
 * ({@code __fill_random_buf}: {@value #SEED_BUCKETS} interleaved streams of {@code s *= GOLDEN_RATIO_64}),
 * {@link #compressible} ({@code __fill_random_buf_percentage}: random bytes, then the pattern or zeros) and
 * {@link #pattern} ({@code cpy_pattern}). Buffers are little-endian ({@code NativeBuffer.asByteBuffer()}), as fio's
 * words are on the machines it runs on here.
 */
public final class FioData {
    /** fio's {@code GOLDEN_RATIO_64}, its {@code __hash_u64}. */
    private static final long GOLDEN_RATIO_64 = 0x61C8864680B583EBL;
    private static final long[] PRIMES = {1, 2, 3, 5, 7, 11, 13, 17};
    /** fio's {@code CONFIG_SEED_BUCKETS} as its configure sets it by default (and Debian's fio 3.33 is built). */
    public static final int SEED_BUCKETS = 4;

    private FioData() {}

    /** {@code __fill_random_buf} over {@code b[at, at + len)}; {@code s} is scratch of {@value #SEED_BUCKETS} words. */
    public static void random(ByteBuffer b, int at, int len, long seed, long[] s) {
        int words = len / 8 / SEED_BUCKETS * SEED_BUCKETS;
        for (int p = 0; p < SEED_BUCKETS; p++) {
            s[p] = seed * PRIMES[p];
        }
        int end = at + len;
        for (int w = 0; w < words; w += SEED_BUCKETS) {
            for (int p = 0; p < SEED_BUCKETS; p++) {
                b.putLong(at, s[p]);
                at += 8;
                s[p] *= GOLDEN_RATIO_64;
            }
        }
        long small = s[0]; // __fill_random_buf_small over the rest
        for (; at + 8 <= end; at += 8) {
            b.putLong(at, small);
            small *= GOLDEN_RATIO_64;
        }
        for (int k = 0; at < end; at++, k++) {
            b.put(at, (byte) (small >>> (8 * k)));
        }
    }

    /**
     * {@code __fill_random_buf_percentage(seed, buf, percentage, len, len, pattern)}: the first
     * {@code len * (100 - percentage) / 100} bytes random, the rest the pattern (or zeros when it is empty); all of it
     * the pattern at 100.
     */
    public static void compressible(ByteBuffer b, int at, int len, int percentage, byte[] pattern, long seed,
                                    long[] s) {
        if (percentage == 100) {
            fixed(b, at, len, pattern);
            return;
        }
        int random = (int) ((long) len * (100 - percentage) / 100);
        random(b, at, random, seed, s);
        if (random < len) {
            fixed(b, at + random, len - random, pattern);
        }
    }

    /** {@code pattern} repeated from {@code at} ({@code cpy_pattern}), or zeros when it is empty. */
    public static void fixed(ByteBuffer b, int at, int len, byte[] pattern) {
        if (pattern.length == 0) {
            int end = at + len;
            for (; at + 8 <= end; at += 8) {
                b.putLong(at, 0L);
            }
            for (; at < end; at++) {
                b.put(at, (byte) 0);
            }
            return;
        }
        pattern(b, at, len, pattern);
    }

    /**
     * {@code cpy_pattern}: {@code pattern} repeated over {@code b[at, at + len)} from its first byte (copied once,
     * then the filled part doubled, as fio's {@code dup_pattern} does).
     */
    public static void pattern(ByteBuffer b, int at, int len, byte[] pattern) {
        int done = Math.min(pattern.length, len);
        b.put(at, pattern, 0, done);
        while (done < len) {
            int n = Math.min(done - done % pattern.length, len - done);
            b.put(at + done, b, at, n);
            done += n;
        }
    }
}
