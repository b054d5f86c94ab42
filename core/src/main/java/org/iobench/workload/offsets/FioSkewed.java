package org.iobench.workload.offsets;

import java.nio.charset.StandardCharsets;

/**
 * fio 3.33's skewed offsets ({@code random_distribution=zipf}, {@code pareto}, {@code normal}) as its
 * {@code lib/zipf.c} and {@code lib/gauss.c} draw them, value for value: a state per file
 * ({@code __init_rand_distribution}) over {@code nranges} ranges of the smaller of the read and write directions'
 * smallest size, its 32-bit Tausworthe generator started from {@link #start} (the hash of the file's name times
 * the job's {@code thread_number}, or fio's block generator's start with {@code randrepeat=0}); the value drawn,
 * hashed ({@code __hash_u64}) and shifted by the center (or, without one, by a first draw for zipf and pareto) is
 * the range. fio keeps the state over its loops (it is not started again with the other generators).
 *
 * <p>Not thread-safe: one per worker and file.
 */
public final class FioSkewed {
    public enum Kind { ZIPF, PARETO, NORMAL }

    private static final long GOLDEN_RATIO_64 = 0x61C8864680B583EBL;
    private static final int GOLDEN_RATIO_32 = 0x61C88647;
    private static final long ZIPF_MAX_GEN = 10_000_000L;
    private static final int GAUSS_ITERS = 12;
    private static final double FRAND32_MAX = 4294967295.0;

    private final Kind kind;
    private final long nranges;
    private final FioTausworthe random;
    private final long randOff;
    private double theta;
    private double zetan;
    private double zeta2;
    private double paretoPow;
    private long stddev;

    /**
     * @param nranges the file's ranges, at least 1
     * @param value   zipf's theta, pareto's power, normal's deviation in percent
     * @param center  0..1, or -1 for fio's default
     * @param seed    {@link #start}: fio's {@code unsigned int} seed
     */
    public FioSkewed(Kind kind, long nranges, double value, double center, int seed) {
        if (nranges < 1) {
            throw new IllegalArgumentException("a region of " + nranges + " ranges");
        }
        this.kind = kind;
        this.nranges = nranges;
        this.random = FioTausworthe.of32(Integer.toUnsignedLong(seed));
        if (kind == Kind.NORMAL) {
            if (value != 0.0) {
                stddev = Math.min((long) Math.ceil(nranges * value / 100.0), nranges / 2) & 0xFFFFFFFFL;
            }
            // an unsigned int in fio: a center below the middle wraps, as x86's conversion of a negative value does
            randOff = center == -1 ? 0 : ((long) (nranges * (center - 0.5))) & 0xFFFFFFFFL;
            return;
        }
        long first = random.next(); // shared_rand_init: drawn whether a center replaces it or not
        randOff = center != -1 ? (long) (nranges * center) : first;
        if (kind == Kind.ZIPF) {
            theta = value;
            zeta2 = Math.pow(1.0, theta) + Math.pow(0.5, theta);
            long terms = Math.min(nranges, ZIPF_MAX_GEN);
            for (long i = 0; i < terms; i++) {
                zetan += Math.pow(1.0 / (double) (i + 1), theta);
            }
        } else {
            paretoPow = Math.log(value) / Math.log(1.0 - value);
        }
    }

    /**
     * fio's seed of a file's skewed state: {@code jhash(file_name) * thread_number}, or (randrepeat=0) the start
     * of its block generator, both as a C {@code unsigned int}.
     */
    public static int start(String fileName, int threadNumber, boolean repeatable, long blockStart) {
        return repeatable ? jhash(fileName.getBytes(StandardCharsets.UTF_8)) * threadNumber : (int) blockStart;
    }

    /** The next range, in {@code [0, nranges)}. */
    public long next() {
        long v = switch (kind) {
            case ZIPF -> FioZipf.rank(random.next() / FRAND32_MAX, nranges, theta, zetan, zeta2) - 1;
            case PARETO -> (long) ((nranges - 1) * Math.pow(random.next() / FRAND32_MAX, paretoPow));
            case NORMAL -> gauss();
        };
        return Long.remainderUnsigned(v * GOLDEN_RATIO_64 + randOff, nranges);
    }

    private long gauss() {
        long sum = 0;
        for (int i = 0; i < GAUSS_ITERS; i++) {
            sum += Long.remainderUnsigned(random.next(), nranges + 1);
        }
        sum = Long.divideUnsigned(sum + GAUSS_ITERS - 1, GAUSS_ITERS);
        if (stddev != 0) {
            int vr = (int) (stddev * (random.next() / 4294967296.0));
            int dev = vr - (int) (stddev / 2);
            while (Long.compareUnsigned(dev + sum, nranges) >= 0) {
                dev /= 2;
            }
            sum += dev;
        }
        return sum;
    }

    /** fio's {@code jhash} (hash.h), as it is: the 12-byte rounds add one byte of each word. */
    static int jhash(byte[] k) {
        int length = k.length;
        int a = GOLDEN_RATIO_32 + length;
        int b = a;
        int c = a;
        int at = 0;
        while (length > 12) {
            a += k[at] & 0xFF;
            b += k[at + 4] & 0xFF;
            c += k[at + 8] & 0xFF;
            a -= c; a ^= Integer.rotateLeft(c, 4); c += b;
            b -= a; b ^= Integer.rotateLeft(a, 6); a += c;
            c -= b; c ^= Integer.rotateLeft(b, 8); b += a;
            a -= c; a ^= Integer.rotateLeft(c, 16); c += b;
            b -= a; b ^= Integer.rotateLeft(a, 19); a += c;
            c -= b; c ^= Integer.rotateLeft(b, 4); b += a;
            length -= 12;
            at += 12;
        }
        if (length == 0) {
            return c;
        }
        switch (length) {
            case 12: c += (k[at + 11] & 0xFF) << 24; // fall through
            case 11: c += (k[at + 10] & 0xFF) << 16; // fall through
            case 10: c += (k[at + 9] & 0xFF) << 8; // fall through
            case 9: c += k[at + 8] & 0xFF; // fall through
            case 8: b += (k[at + 7] & 0xFF) << 24; // fall through
            case 7: b += (k[at + 6] & 0xFF) << 16; // fall through
            case 6: b += (k[at + 5] & 0xFF) << 8; // fall through
            case 5: b += k[at + 4] & 0xFF; // fall through
            case 4: a += (k[at + 3] & 0xFF) << 24; // fall through
            case 3: a += (k[at + 2] & 0xFF) << 16; // fall through
            case 2: a += (k[at + 1] & 0xFF) << 8; // fall through
            default: a += k[at] & 0xFF;
        }
        c ^= b; c -= Integer.rotateLeft(b, 14);
        a ^= c; a -= Integer.rotateLeft(c, 11);
        b ^= a; b -= Integer.rotateLeft(a, 25);
        c ^= b; c -= Integer.rotateLeft(b, 16);
        a ^= c; a -= Integer.rotateLeft(c, 4);
        b ^= a; b -= Integer.rotateLeft(a, 14);
        c ^= b; c -= Integer.rotateLeft(b, 24);
        return c;
    }
}
