package org.iobench.job.fio;

import java.util.Locale;
import java.util.SplittableRandom;
import org.iobench.job.FioDraws;
import org.iobench.job.RandomOffsets;
import org.iobench.job.RwMode;

/**
 * fio 3.33's generator of a random job's offsets ({@code random_generator}, {@code tausworthe} by default) and where
 * fio starts it: {@code rand_seeds[FIO_RAND_BLOCK_OFF]} as {@code setup_random_seeds} and {@code td_fill_rand_seeds}
 * make it for the job's {@code thread_number} (jobs and clones numbered from 1 in the order fio adds them). With
 * {@code randrepeat=1}, fio's default, that is {@code 0xb1899bed * thread_number} whatever {@code randseed} says
 * (fio 3.33 sets it after seeding its generators); with {@code randrepeat=0}, from {@code randseed} (or
 * {@code allrandrepeat}),
 * else a new value each run.
 */
final class FioRandom {
    static final long FIO_RANDSEED = 0xb1899bedL;
    private static final long GOLDEN = 0x9e370001L;
    private static final int FIO_RAND_BLOCK_OFF = 6;
    private static final int FIO_RAND_BS_OFF = 0;
    private static final int FIO_RAND_BS1_OFF = 1;
    private static final int FIO_RAND_BS2_OFF = 2;
    private static final int FIO_RAND_MIX_OFF = 4;
    static final int FIO_RAND_POISSON_OFF = 15;
    static final int FIO_RAND_POISSON2_OFF = 17;

    private FioRandom() {}

    static RandomOffsets offsets(FioJobOptions o, int threadNumber) {
        RandomOffsets.Kind kind = switch (o.value("random_generator").orElse("tausworthe").toLowerCase(Locale.ROOT)) {
            case "tausworthe" -> RandomOffsets.Kind.TAUSWORTHE;
            case "tausworthe64" -> RandomOffsets.Kind.TAUSWORTHE64;
            case "lfsr" -> RandomOffsets.Kind.LFSR;
            default -> throw FioJobOptions.bad(o.setting("random_generator").orElseThrow(),
                    "must be tausworthe, lfsr or tausworthe64");
        };
        return new RandomOffsets(kind, start(o, threadNumber));
    }

    /**
     * fio's generators of the job's directions and sizes, started as {@code td_fill_rand_seeds_internal} starts
     * them: {@code rwmix_state} from {@code FIO_RAND_MIX_OFF} (32 bits always), {@code bsrange_state[ddir]} from
     * {@code FIO_RAND_BS_OFF + ddir}, the write's from the read's when the job verifies, the trim's from the write's
     * for a trimwrite; 64 bits with {@code random_generator=tausworthe64}.
     *
     * @param units {@link FioAccess#units}: {@code ba} of reads and writes (or trims), {@code rw_min_bs}
     * @param ioSizeBytes {@code io_size}, 0 when not given
     * @param loopBytes   fio's {@code total_bytes} of a loop ({@link FioDraws#loopBytes}), 0: unknown
     */
    static FioDraws draws(FioJobOptions o, int threadNumber, RwMode rw, boolean verifies, long[] units,
                          long ioSizeBytes, long loopBytes) {
        long read = seed(o, threadNumber, FIO_RAND_BS_OFF);
        long write = verifies ? read : seed(o, threadNumber, FIO_RAND_BS1_OFF);
        long trim = rw.trims() && rw.writes() ? write : seed(o, threadNumber, FIO_RAND_BS2_OFF);
        boolean wide = o.value("random_generator").orElse("").strip().equalsIgnoreCase("tausworthe64");
        return new FioDraws(wide, seed(o, threadNumber, FIO_RAND_MIX_OFF), read, rw.trims() ? trim : write,
                units[0], units[1], units[2], o.flag("randrepeat", true), o.number("loops", 1), ioSizeBytes,
                loopBytes, threadNumber, units[3]);
    }

    /** fio's {@code rand_seeds[FIO_RAND_BLOCK_OFF]} for the job. */
    static long start(FioJobOptions o, int threadNumber) {
        if (o.flag("randrepeat", true)) {
            return FIO_RANDSEED * threadNumber;
        }
        if (o.flag("allrandrepeat")) {
            return FIO_RANDSEED * threadNumber + FIO_RAND_BLOCK_OFF;
        }
        if (!o.has("randseed")) {
            return new SplittableRandom(System.nanoTime()).nextLong(); // fio: from the system's RNG
        }
        long seed = Long.parseUnsignedLong(o.value("randseed").orElseThrow());
        for (int i = 0; i < 4; i++) {
            seed *= GOLDEN;
        }
        for (int i = 0; i < FIO_RAND_BLOCK_OFF; i++) {
            seed *= GOLDEN;
        }
        return seed * threadNumber + FIO_RAND_BLOCK_OFF;
    }

    /**
     * fio's {@code rand_seeds[index]} for the job ({@code setup_random_seeds}, {@code td_fill_rand_seeds}):
     * {@code randseed} (0x89 by default) times {@code 0x9e370001} to the power {@code 4 + index}, times the
     * {@code thread_number}, plus {@code index}; with {@code allrandrepeat}, {@code 0xb1899bed * thread_number +
     * index}; with {@code randrepeat=0} and no {@code randseed}, a new value each run.
     */
    static long seed(FioJobOptions o, int threadNumber, int index) {
        if (o.flag("allrandrepeat")) {
            return FIO_RANDSEED * threadNumber + index;
        }
        if (!o.flag("randrepeat", true) && !o.has("randseed")) {
            return new SplittableRandom(System.nanoTime()).nextLong(); // fio: from the system's RNG
        }
        long seed = o.has("randseed") ? Long.parseUnsignedLong(o.value("randseed").orElseThrow().strip()) : 0x89;
        for (int i = 0; i < 4 + index; i++) {
            seed *= GOLDEN;
        }
        return seed * threadNumber + index;
    }
}
