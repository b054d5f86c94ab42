package org.iobench.job;

import java.util.Objects;

/**
 * The generator that draws a random job's offsets. {@link Kind#OWN} is iobench's own (a {@code SplittableRandom});
 * fio's {@code random_generator} values are fio 3.33's generators, started as fio starts them for the job, so a fio
 * job file draws fio's offsets: {@code tausworthe} (fio's default, a 32-bit combined Tausworthe, taus88),
 * {@code tausworthe64} (taus258) and {@code lfsr} (a maximal-length linear feedback shift register over the region's
 * blocks, each block once per pass without a random map).
 *
 * @param kind  the generator
 * @param start what the generator starts from: fio's {@code rand_seeds[FIO_RAND_BLOCK_OFF]} for fio's generators
 */
public record RandomOffsets(Kind kind, long start) {
    public static final RandomOffsets OWN = new RandomOffsets(Kind.OWN, 0);

    public enum Kind { OWN, TAUSWORTHE, TAUSWORTHE64, LFSR }

    public RandomOffsets {
        Objects.requireNonNull(kind, "kind");
    }
}
