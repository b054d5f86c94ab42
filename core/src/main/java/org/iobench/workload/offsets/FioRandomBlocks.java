package org.iobench.workload.offsets;

import java.util.Arrays;
import org.iobench.job.RandomOffsets;

/**
 * A uniformly random job's blocks as fio 3.33 draws them ({@code __get_next_rand_offset}): a block below the
 * direction's last block from fio's {@code random_state} ({@code lastb * (r / (rand_max + 1.0))}) or the next state
 * of fio's LFSR; with the random map, a block already used gives the next free one after it, wrapping once to the
 * start ({@code axmap_next_free}). The map has one bit per {@code rw_min_bs} bytes of the region whatever the
 * direction's own unit, as fio's: a direction with a larger {@code ba} looks its block number up there too, and
 * {@link #mark} sets as many bits from the request's block as are free, word by word, as {@code axmap_set_nr}.
 *
 * <p>Not thread-safe: one per worker.
 */
public final class FioRandomBlocks {
    public static final long NONE = -1;

    private final FioTausworthe random;
    private final LfsrBlocks lfsr;
    /** Level 0 of fio's axmap; null without the random map. */
    private final long[] map;
    private final long bits;

    private FioRandomBlocks(FioTausworthe random, LfsrBlocks lfsr, long[] map, long bits) {
        this.random = random;
        this.lfsr = lfsr;
        this.map = map;
        this.bits = bits;
    }

    /**
     * @param offsets   fio's generator and its start ({@code rand_seeds[FIO_RAND_BLOCK_OFF]}); not {@code OWN}
     * @param randomMap fio keeps its random map (never with the LFSR)
     * @param bits      the region's bytes over {@code rw_min_bs}: the map's bits, the LFSR's states; at least 1
     */
    public static FioRandomBlocks of(RandomOffsets offsets, boolean randomMap, long bits) {
        return of(offsets, randomMap, bits, null);
    }

    /**
     * As {@link #of(RandomOffsets, boolean, long)}, drawing from {@code random} (fio's job-wide
     * {@code random_state}, shared by the job's files) where fio draws from its Tausworthe generator; null: a
     * generator of its own. The LFSR is always the file's own ({@code f->lfsr}).
     */
    public static FioRandomBlocks of(RandomOffsets offsets, boolean randomMap, long bits, FioTausworthe random) {
        if (bits < 1) {
            throw new IllegalArgumentException("a region of " + bits + " blocks");
        }
        if (offsets.kind() == RandomOffsets.Kind.LFSR) {
            return new FioRandomBlocks(null, new LfsrBlocks(bits, offsets.start()), null, bits);
        }
        if (randomMap && bits > (long) Integer.MAX_VALUE * 64) {
            throw new IllegalArgumentException(bits + " blocks is more than a random map can hold");
        }
        // fio: "exceeds 32-bit tausworthe random generator. Switching to tausworthe64"
        FioTausworthe t = random != null ? random : switch (offsets.kind()) {
            case TAUSWORTHE -> bits > 0xFFFFFFFFL ? FioTausworthe.of64(offsets.start())
                    : FioTausworthe.of32(offsets.start());
            case TAUSWORTHE64 -> FioTausworthe.of64(offsets.start());
            default -> throw new IllegalArgumentException("fio's blocks need fio's generator, not " + offsets.kind());
        };
        return new FioRandomBlocks(t, null, randomMap ? new long[(int) ((bits + 63) / 64)] : null, bits);
    }

    /** True when requests mark the blocks they cover ({@link #mark}). */
    public boolean mapped() {
        return map != null;
    }

    /** The next block below {@code lastBlock}, or {@link #NONE} when the map or the LFSR has none left. */
    public long next(long lastBlock) {
        long b;
        if (lfsr != null) {
            b = lfsr.next();
            return b == BlockPicker.PASS_DONE ? NONE : b;
        }
        b = (long) (lastBlock * (random.nextDouble() / random.maxPlusOne()));
        if (map == null || !isSet(b)) {
            return b;
        }
        return nextFree(b);
    }

    /**
     * fio's {@code axmap_set_nr}: sets up to {@code count} bits from {@code block} while they are free (stopping at
     * the first used one) and returns how many it set.
     */
    public long mark(long block, long count) {
        long set = 0;
        long bit = block;
        long left = count;
        while (left > 0) {
            long chunk = Math.min(left, 64 - (bit & 63));
            long done = setInWord(bit, chunk);
            set += done;
            if (done != chunk) {
                break;
            }
            left -= done;
            bit += done;
        }
        return set;
    }

    /** fio's {@code fio_file_reset}: the map cleared, the LFSR from its start again. */
    public void reset() {
        if (map != null) {
            Arrays.fill(map, 0);
        }
        if (lfsr != null) {
            lfsr.newPass();
        }
    }

    private long setInWord(long bit, long chunk) {
        int word = (int) (bit >>> 6);
        if (bit > bits || word >= map.length) {
            return 0;
        }
        int from = (int) (bit & 63);
        long mask = (chunk == 64 ? -1L : (1L << chunk) - 1) << from;
        long overlap = map[word] & mask;
        if (overlap == mask) {
            return 0;
        }
        long n = chunk;
        if (overlap != 0) {
            n = Long.numberOfTrailingZeros(overlap) - from;
            if (n == 0) {
                return 0;
            }
            mask = ((1L << n) - 1) << from;
        }
        map[word] |= mask;
        return n;
    }

    private boolean isSet(long b) {
        int word = (int) (b >>> 6);
        return b <= bits && word < map.length && (map[word] & (1L << (b & 63))) != 0;
    }

    /** fio's {@code axmap_next_free}: the first free bit after {@code b}, else the first from 0; NONE if none. */
    private long nextFree(long b) {
        if (b >= bits) {
            return NONE;
        }
        long next = b + 1 == bits ? 0 : b + 1;
        long found = firstFree(next);
        if (found == NONE && next != 0) {
            found = firstFree(0);
        }
        return found;
    }

    private long firstFree(long from) {
        int w = (int) (from >>> 6);
        long free = ~map[w] & (-1L << (from & 63));
        while (true) {
            if (free != 0) {
                long found = ((long) w << 6) + Long.numberOfTrailingZeros(free);
                return found < bits ? found : NONE;
            }
            if (++w == map.length) {
                return NONE;
            }
            free = ~map[w];
        }
    }
}
