package org.iobench.workload.offsets;

import java.util.SplittableRandom;
import org.iobench.job.BlockSizeMix;

/**
 * Draws request sizes from a {@link BlockSizeMix} as fio's {@code get_next_buflen} does: a range gives
 * {@code min + max * u} (u uniform in [0, 1)) capped at max, a split walks its shares in ascending order until the
 * cumulative share reaches {@code 100 * u} (skipping a size that does not fit); either is then aligned down to a
 * multiple of the smallest size. A size that does not fit in the room left is drawn again.
 *
 * <p>{@link #fio} draws with fio 3.33's own generator ({@code bsrange_state[ddir]}), value for value: the same start
 * gives fio's sizes in fio's order, fio's integer test for a split's share ({@code r / perc <= rand_max / 100})
 * included. {@link #RequestSizes(BlockSizeMix, long)} draws with iobench's own.
 *
 * <p>Not thread-safe: one per worker and direction.
 */
public final class RequestSizes {
    /** Own draws before giving up on the mix and using the smallest size. */
    private static final int MAX_DRAWS = 64;
    /** fio draws until a size fits; past this many, where none of the mix can (never for a sane mix), the smallest. */
    private static final int MAX_FIO_DRAWS = 1 << 20;

    private final BlockSizeMix mix;
    private final SplittableRandom random;
    private final FioTausworthe fio;
    private final long fioStart;

    public RequestSizes(BlockSizeMix mix, long seed) {
        this.mix = mix;
        this.random = new SplittableRandom(seed);
        this.fio = null;
        this.fioStart = 0;
    }

    private RequestSizes(BlockSizeMix mix, FioTausworthe fio, long start) {
        this.mix = mix;
        this.random = null;
        this.fio = fio;
        this.fioStart = start;
    }

    /**
     * fio's draws for one direction: {@code bsrange_state[ddir]} started from {@code start}, the 64-bit generator
     * when {@code wide}.
     */
    public static RequestSizes fio(BlockSizeMix mix, long start, boolean wide) {
        return new RequestSizes(mix, wide ? FioTausworthe.of64(start) : FioTausworthe.of32(start), start);
    }

    /** This mix's draws from the start again (fio's {@code randrepeat} at a new loop); iobench's own go on. */
    public RequestSizes restarted() {
        return fio == null ? this : fio(mix, fioStart, fio.wide());
    }

    /**
     * The next request's size, at most {@code roomBytes}; 0 when not even the smallest size fits. A fixed size is
     * returned whatever the room (fio's {@code get_next_buflen} does not look; the caller checks the file's end).
     */
    public long next(long roomBytes) {
        long min = mix.minBytes();
        if (mix.fixed()) {
            return fio != null || roomBytes >= min ? min : 0;
        }
        if (roomBytes < min) {
            return 0;
        }
        if (fio != null) {
            for (int draw = 0; draw < MAX_FIO_DRAWS; draw++) {
                long size = align(fioDraw(roomBytes), min);
                if (size <= roomBytes) {
                    return size;
                }
            }
            return min;
        }
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            long size = align(draw(roomBytes), min);
            if (size <= roomBytes) {
                return size;
            }
        }
        return min;
    }

    /** One pass of fio's {@code get_next_buflen} loop, before alignment. */
    private long fioDraw(long roomBytes) {
        long r = fio.next();
        if (mix.split().isEmpty()) {
            return mix.minBytes() + (long) (mix.maxBytes() * (fio.nextDoubleOf(r) / fio.maxPlusOne()));
        }
        long frandMax = fio.wide() ? -1L : 0xFFFFFFFFL;
        long limit = Long.divideUnsigned(frandMax, 100);
        long perc = 0;
        long size = 0;
        for (BlockSizeMix.Share s : mix.split()) {
            if (s.percent() == 0) {
                continue;
            }
            size = s.bytes();
            perc += s.percent();
            if (Long.compareUnsigned(Long.divideUnsigned(r, perc), limit) <= 0 && size <= roomBytes) {
                break;
            }
        }
        return size;
    }

    private long draw(long roomBytes) {
        double u = random.nextDouble();
        if (mix.split().isEmpty()) {
            return Math.min(mix.maxBytes(), mix.minBytes() + (long) (mix.maxBytes() * u));
        }
        int cumulative = 0;
        long size = mix.minBytes();
        for (BlockSizeMix.Share s : mix.split()) {
            if (s.percent() == 0) {
                continue;
            }
            size = s.bytes();
            cumulative += s.percent();
            if (u * 100 <= cumulative && size <= roomBytes) {
                break;
            }
        }
        return size;
    }

    private long align(long size, long min) {
        long aligned = Long.bitCount(min) == 1 ? size & -min : size - size % min;
        return Math.min(aligned, mix.maxBytes());
    }
}
