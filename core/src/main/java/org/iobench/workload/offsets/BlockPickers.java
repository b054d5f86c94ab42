package org.iobench.workload.offsets;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.iobench.job.Distribution;
import org.iobench.job.RandomOffsets;

/** Makes the {@link BlockPicker} of a random job's worker. */
public final class BlockPickers {
    private BlockPickers() {}

    /**
     * @param blocks      blocks of the region (its bytes over the smallest request size), at least 1
     * @param blockBytes  bytes per block, to place {@code zoned_abs} zones
     * @param randomMap   use each block once per pass (fio's default); only for the uniform distribution
     */
    public static BlockPicker of(Distribution d, boolean randomMap, long blocks, long blockBytes, long seed) {
        return of(d, randomMap, blocks, blockBytes, seed, RandomOffsets.OWN);
    }

    /**
     * @param offsets the generator of uniform offsets: iobench's own (from {@code seed}) or one of fio's; the skewed
     *                and zoned distributions draw with iobench's own
     */
    public static BlockPicker of(Distribution d, boolean randomMap, long blocks, long blockBytes, long seed,
                                 RandomOffsets offsets) {
        if (blocks < 1) {
            throw new IllegalArgumentException("a region of " + blocks + " blocks");
        }
        SplittableRandom random = new SplittableRandom(seed);
        if (d.kind() == Distribution.Kind.RANDOM && offsets.kind() == RandomOffsets.Kind.LFSR) {
            return new LfsrBlocks(blocks, offsets.start()); // fio keeps no random map with its LFSR
        }
        if (offsets.kind() == RandomOffsets.Kind.TAUSWORTHE && blocks > 0xFFFFFFFFL) {
            // fio: "exceeds 32-bit tausworthe random generator. Switching to tausworthe64"
            offsets = new RandomOffsets(RandomOffsets.Kind.TAUSWORTHE64, offsets.start());
        }
        BlockDraw draw = BlockDraw.of(offsets, random);
        return switch (d.kind()) {
            case RANDOM -> randomMap ? new RandomMapBlocks(blocks, draw) : new UniformBlocks(blocks, draw);
            case ZIPF -> new SkewedBlocks(SkewedBlocks.Kind.ZIPF, blocks, d.value(), d.center(), random);
            case PARETO -> new SkewedBlocks(SkewedBlocks.Kind.PARETO, blocks, d.value(), d.center(), random);
            case NORMAL -> new SkewedBlocks(SkewedBlocks.Kind.NORMAL, blocks, d.value(), d.center(), random);
            case ZONED, ZONED_ABS -> new ZonedBlocks(zones(d, blocks, blockBytes), random);
        };
    }

    /**
     * fio's own blocks ({@link FioRandomBlocks}) as a picker: each block drawn below {@code lastBlock} and marked in
     * fio's map as fio marks it ({@code axmap_set_nr} from the request's block: the block, then its neighbours while
     * free); {@link BlockPicker#PASS_DONE} where fio finds none (after its draw, as fio's).
     *
     * @param bits the map's bits (the LFSR's states): the region's bytes over fio's {@code rw_min_bs}
     */
    public static BlockPicker fio(RandomOffsets offsets, boolean randomMap, long bits, long lastBlock) {
        FioRandomBlocks blocks = FioRandomBlocks.of(offsets, randomMap, bits);
        return new BlockPicker() {
            @Override
            public long next() {
                long b = blocks.next(lastBlock);
                if (b == FioRandomBlocks.NONE) {
                    return PASS_DONE;
                }
                if (blocks.mapped()) {
                    blocks.mark(b, 1);
                }
                return b;
            }

            @Override
            public long extend(long first, long wanted) {
                return blocks.mapped() ? 1 + blocks.mark(first + 1, wanted - 1) : wanted;
            }

            @Override
            public void newPass() {
                blocks.reset();
            }
        };
    }

    /** fio's zones in blocks: percent zones cut at {@code blocks * percent / 100}; absolute ones in order. */
    static List<ZonedBlocks.Zone> zones(Distribution d, long blocks, long blockBytes) {
        List<ZonedBlocks.Zone> out = new ArrayList<>();
        long first = 0;
        int percentBefore = 0;
        for (Distribution.Zone z : d.zones()) {
            long size;
            if (d.kind() == Distribution.Kind.ZONED) {
                long start = percentBefore * blocks / 100;
                percentBefore += z.sizePercent();
                long end = percentBefore * blocks / 100;
                first = start;
                size = end - start;
            } else {
                size = z.sizeBytes() / blockBytes;
                if (first + size > blocks) {
                    throw new IllegalArgumentException("zoned_abs zones end past the region (" + (first + size)
                            + " of " + blocks + " blocks): fio refuses that too");
                }
            }
            out.add(new ZonedBlocks.Zone(z.accessPercent(), first, Math.max(1, size)));
            first += d.kind() == Distribution.Kind.ZONED ? 0 : size;
        }
        return out;
    }
}
