package org.iobench.verify;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The bytes after the header of a verified block. A random payload is a block of pseudo-random words drawn once per
 * run and block size, XORed with a 64-bit key per write: every write differs in every word (incompressible, no
 * dedupe across blocks), costs one pass of XOR, and can be regenerated from its header alone (run id, worker,
 * sequence), which is what lets the checker see which bytes of a bad block are not from the write its header names.
 * A zero payload is all zeros whatever the key.
 */
final class Payload {
    private final boolean random;
    private final int blockBytes;
    private final long[] base;
    /** This write's words, computed on the heap (where the XOR loop vectorises) and copied out in bulk. */
    private final long[] scratch;

    Payload(long runId, int blockBytes, boolean random) {
        this.random = random;
        this.blockBytes = blockBytes;
        this.base = new long[(blockBytes + 7) >>> 3];
        this.scratch = new long[blockBytes >>> 3];
        if (random) {
            SplittableRandom r = new SplittableRandom(runId ^ 0x5DEECE66DL);
            for (int i = 0; i < base.length; i++) {
                base[i] = r.nextLong();
            }
        }
    }

    boolean random() {
        return random;
    }

    int blockBytes() {
        return blockBytes;
    }

    /** The key of one write: a mix of the run, the worker and its sequence number (SplitMix64's finaliser). */
    static long key(long runId, int worker, long sequence) {
        long z = runId + 0x9E3779B97F4A7C15L * (sequence + 1) + ((long) worker << 40);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Writes bytes {@code [from, to)} of the payload of the write with {@code key} into {@code block} (index 0 =
     * block start; {@code from} and {@code to} multiples of 8 within the payload, or {@code to} = the block size).
     * {@code words} is {@code block}'s long view ({@link ByteBuffer#asLongBuffer()}, same byte order), kept by the
     * caller so that nothing is allocated per write.
     */
    void fill(ByteBuffer block, LongBuffer words, long key, int from, int to) {
        int fromWord = from >>> 3;
        int toWord = to >>> 3;
        if (random) {
            for (int i = fromWord; i < toWord; i++) {
                scratch[i] = base[i] ^ key;
            }
        } else {
            Arrays.fill(scratch, fromWord, toWord, 0L);
        }
        words.put(fromWord, scratch, fromWord, toWord - fromWord);
        for (int p = toWord << 3; p < to; p++) {
            block.put(p, expectedByte(p, key));
        }
    }

    byte expectedByte(int p, long key) {
        return random ? (byte) ((base[p >>> 3] ^ key) >>> ((p & 7) << 3)) : 0;
    }

    /**
     * Compares the payload in {@code block} with what the write with {@code key} put there.
     *
     * @return bytes that differ, with the first and last differing byte (block offsets); {@link Diff#NONE} if none
     */
    Diff diff(ByteBuffer block, long key) {
        long count = 0;
        int first = -1;
        int last = -1;
        int full = blockBytes >>> 3;
        for (int i = BlockHeader.BYTES >>> 3; i < full; i++) {
            long x = block.getLong(i << 3) ^ (random ? base[i] ^ key : 0L);
            if (x != 0) {
                for (int k = 0; k < 8; k++) {
                    if (((x >>> (k << 3)) & 0xFF) != 0) {
                        int p = (i << 3) + k;
                        count++;
                        if (first < 0) {
                            first = p;
                        }
                        last = p;
                    }
                }
            }
        }
        for (int p = full << 3; p < blockBytes; p++) {
            if (block.get(p) != expectedByte(p, key)) {
                count++;
                if (first < 0) {
                    first = p;
                }
                last = p;
            }
        }
        return count == 0 ? Diff.NONE : new Diff(count, first, last);
    }

    /** Differing bytes of a payload: how many, and the span they lie in (block offsets, inclusive). */
    record Diff(long bytes, int first, int last) {
        static final Diff NONE = new Diff(0, -1, -1);

        int span() {
            return bytes == 0 ? 0 : last - first + 1;
        }
    }
}
