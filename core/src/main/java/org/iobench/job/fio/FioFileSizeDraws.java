package org.iobench.job.fio;

/**
 * fio 3.33's {@code file_size_state}: its 32-bit Tausworthe (taus88, {@code lib/rand.c}) seeded as
 * {@code init_rand_seed(state, seed, false)} seeds it, which {@code get_rand_file_size} draws a file's size from. The
 * job package may not import the workload's generators (job -> workload), and the sizes are needed here, where the
 * job's bytes are decided: the same recurrence as {@code workload.offsets.FioTausworthe}'s 32-bit one, value for
 * value (FioFilesTest compares them).
 */
final class FioFileSizeDraws {
    private int a1;
    private int a2;
    private int a3;

    /** @param seed fio's {@code rand_seeds[FIO_RAND_FILE_SIZE_OFF]}, taken as a C {@code unsigned int} */
    FioFileSizeDraws(long seed) {
        int s = (int) seed;
        a1 = atLeast(53 * 69069 ^ s, 1);
        a2 = atLeast(a1 * 69069 ^ s, 7);
        a3 = atLeast(a2 * 69069 ^ s, 15);
        for (int i = 0; i < 6; i++) {
            next();
        }
    }

    private static int atLeast(int x, int m) {
        return Integer.compareUnsigned(x, m) < 0 ? x + m : x;
    }

    /** fio's {@code __rand}: the next value, 0..2^32-1. */
    long next() {
        a1 = ((a1 & 0xFFFFFFFE) << 12) ^ (((a1 << 13) ^ a1) >>> 19);
        a2 = ((a2 & 0xFFFFFFF8) << 4) ^ (((a2 << 2) ^ a2) >>> 25);
        a3 = ((a3 & 0xFFFFFFF0) << 17) ^ (((a3 << 3) ^ a3) >>> 11);
        return Integer.toUnsignedLong(a1 ^ a2 ^ a3);
    }

    /**
     * fio's {@code get_rand_file_size}: {@code low + (high - low) * r / 2^32}, down to a multiple of {@code minBs}.
     */
    long size(long low, long high, long minBs) {
        long r = next();
        long ret = (long) ((double) (high - low) * (r / 4294967296.0)) + low;
        return ret - ret % minBs;
    }
}
