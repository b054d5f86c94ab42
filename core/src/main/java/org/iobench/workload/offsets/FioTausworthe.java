package org.iobench.workload.offsets;

/**
 * fio 3.33's random generators ({@code lib/rand.{c,h}}): the 32-bit maximally equidistributed combined Tausworthe
 * generator (taus88, L'Ecuyer 1996) and the 64-bit one (taus258), seeded as fio's {@code init_rand_seed} seeds them
 * (fio's LCG from 53 — its {@code (2^31) + (2^17) + (2^7)} is XOR in C — each part kept above its minimum, then six
 * values thrown away). The same start gives fio's sequence, value for value.
 *
 * <p>Not thread-safe: one per worker.
 */
public final class FioTausworthe {
    private boolean wide;
    private int a1;
    private int a2;
    private int a3;
    private long s1;
    private long s2;
    private long s3;
    private long s4;
    private long s5;

    private FioTausworthe(boolean wide) {
        this.wide = wide;
    }

    /** fio's {@code init_rand_seed(state, seed, false)}: the starting value taken as a C {@code unsigned int}. */
    public static FioTausworthe of32(long seed) {
        FioTausworthe t = new FioTausworthe(false);
        int s = (int) seed;
        t.a1 = atLeast(53 * 69069 ^ s, 1);
        t.a2 = atLeast(t.a1 * 69069 ^ s, 7);
        t.a3 = atLeast(t.a2 * 69069 ^ s, 15);
        for (int i = 0; i < 6; i++) {
            t.next();
        }
        return t;
    }

    /** fio's {@code init_rand_seed(state, seed, true)}. */
    public static FioTausworthe of64(long seed) {
        FioTausworthe t = new FioTausworthe(true);
        long m = 6906969069L;
        t.s1 = atLeast(53 * m ^ seed, 1);
        t.s2 = atLeast(t.s1 * m ^ seed, 7);
        t.s3 = atLeast(t.s2 * m ^ seed, 15);
        t.s4 = atLeast(t.s3 * m ^ seed, 33);
        t.s5 = atLeast(t.s4 * m ^ seed, 49);
        for (int i = 0; i < 6; i++) {
            t.next();
        }
        return t;
    }

    /** A generator at the same point as this one. */
    public FioTausworthe copy() {
        FioTausworthe t = new FioTausworthe(wide);
        t.copyFrom(this);
        return t;
    }

    /** fio's {@code frand_copy}: this generator continues from where {@code o} is (its width too). */
    public void copyFrom(FioTausworthe o) {
        wide = o.wide;
        a1 = o.a1;
        a2 = o.a2;
        a3 = o.a3;
        s1 = o.s1;
        s2 = o.s2;
        s3 = o.s3;
        s4 = o.s4;
        s5 = o.s5;
    }

    /** Longs {@link #saveTo} writes: the width, then the generator's words (three of five for the 32-bit one). */
    public static final int SAVED_LONGS = 6;

    /** Writes where this generator is to {@code into[at, at + SAVED_LONGS)}, for {@link #loadFrom}. */
    public void saveTo(long[] into, int at) {
        into[at] = wide ? 1 : 0;
        into[at + 1] = wide ? s1 : a1;
        into[at + 2] = wide ? s2 : a2;
        into[at + 3] = wide ? s3 : a3;
        into[at + 4] = s4;
        into[at + 5] = s5;
    }

    /** Continues from a point {@link #saveTo} wrote (fio's {@code frand_copy} from a saved state). */
    public void loadFrom(long[] from, int at) {
        wide = from[at] == 1;
        a1 = (int) from[at + 1];
        a2 = (int) from[at + 2];
        a3 = (int) from[at + 3];
        s1 = from[at + 1];
        s2 = from[at + 2];
        s3 = from[at + 3];
        s4 = from[at + 4];
        s5 = from[at + 5];
    }

    /** True for the 64-bit generator. */
    public boolean wide() {
        return wide;
    }

    /** fio's {@code __seed}: x below m (unsigned) becomes x + m. */
    private static int atLeast(int x, int m) {
        return Integer.compareUnsigned(x, m) < 0 ? x + m : x;
    }

    private static long atLeast(long x, long m) {
        return Long.compareUnsigned(x, m) < 0 ? x + m : x;
    }

    /** fio's {@code __rand}: the next value, unsigned (32 bits in the low half, or 64 bits). */
    public long next() {
        if (!wide) {
            a1 = ((a1 & 0xFFFFFFFE) << 12) ^ (((a1 << 13) ^ a1) >>> 19);
            a2 = ((a2 & 0xFFFFFFF8) << 4) ^ (((a2 << 2) ^ a2) >>> 25);
            a3 = ((a3 & 0xFFFFFFF0) << 17) ^ (((a3 << 3) ^ a3) >>> 11);
            return Integer.toUnsignedLong(a1 ^ a2 ^ a3);
        }
        long x = ((s1 << 1) ^ s1) >>> 53;
        s1 = ((s1 & 0xFFFFFFFFFFFFFFFEL) << 10) ^ x;
        x = ((s2 << 24) ^ s2) >>> 50;
        s2 = ((s2 & 0xFFFFFFFFFFFFFE00L) << 5) ^ x;
        x = ((s3 << 3) ^ s3) >>> 23;
        s3 = ((s3 & 0xFFFFFFFFFFFFF000L) << 29) ^ x;
        x = ((s4 << 5) ^ s4) >>> 24;
        s4 = ((s4 & 0xFFFFFFFFFFFE0000L) << 23) ^ x;
        x = ((s5 << 3) ^ s5) >>> 33;
        s5 = ((s5 & 0xFFFFFFFFFF800000L) << 8) ^ x;
        return s1 ^ s2 ^ s3 ^ s4 ^ s5;
    }

    /** The next value as C converts it to a double (an unsigned 64-bit value correctly rounded). */
    double nextDouble() {
        return nextDoubleOf(next());
    }

    /** An unsigned value of this generator as C converts it to a double. */
    double nextDoubleOf(long v) {
        return v >= 0 ? v : ((v >>> 1) | (v & 1)) * 2.0;
    }

    /** fio's {@code rand_max(state) + 1.0}. */
    double maxPlusOne() {
        return wide ? 18446744073709551616.0 : 4294967296.0;
    }
}
