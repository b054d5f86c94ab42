package org.iobench.workload.offsets;

import java.util.List;
import java.util.SplittableRandom;

/**
 * fio's zoned distributions: a zone chosen by its share of accesses (a value 1..100 against the cumulative
 * percentages), then a uniform block inside it. Zones are given in blocks from the region's start, in order.
 */
final class ZonedBlocks implements BlockPicker {
    /** One zone: {@code accessPercent} of the requests go to blocks {@code [firstBlock, firstBlock + blocks)}. */
    record Zone(int accessPercent, long firstBlock, long blocks) {}

    private final List<Zone> zones;
    private final SplittableRandom random;

    ZonedBlocks(List<Zone> zones, SplittableRandom random) {
        this.zones = List.copyOf(zones);
        this.random = random;
    }

    @Override
    public long next() {
        int v = 1 + random.nextInt(100);
        int cumulative = 0;
        Zone chosen = zones.getLast();
        for (Zone z : zones) {
            cumulative += z.accessPercent();
            if (v <= cumulative) {
                chosen = z;
                break;
            }
        }
        return chosen.firstBlock() + (chosen.blocks() <= 1 ? 0 : random.nextLong(chosen.blocks()));
    }
}
