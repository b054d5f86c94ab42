package org.iobench.workload.offsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.iobench.job.BlockSizeMix;
import org.junit.jupiter.api.Test;

class RequestSizesTest {

    @Test
    void aSplitGivesEachSizeItsShareOfTheRequests() {
        BlockSizeMix mix = BlockSizeMix.split("4k/10:64k/50:32k/40", 1024);
        assertThat(mix.split()).extracting(BlockSizeMix.Share::percent).containsExactly(10, 40, 50);
        RequestSizes sizes = new RequestSizes(mix, 11);
        Map<Long, Integer> count = new HashMap<>();
        int draws = 200_000;
        for (int i = 0; i < draws; i++) {
            count.merge(sizes.next(Long.MAX_VALUE), 1, Integer::sum);
        }
        assertThat(count.get(4096L) / (double) draws).isCloseTo(0.10, within(0.01));
        assertThat(count.get(32768L) / (double) draws).isCloseTo(0.40, within(0.01));
        assertThat(count.get(65536L) / (double) draws).isCloseTo(0.50, within(0.01));
    }

    @Test
    void sharesLeftOutSplitTheRemainderEvenly() {
        BlockSizeMix mix = BlockSizeMix.split("512/10:1k:2k/", 1024);
        assertThat(mix.split()).extracting(BlockSizeMix.Share::percent).containsExactly(10, 45, 45);
        assertThat(mix.minBytes()).isEqualTo(512);
        assertThat(mix.maxBytes()).isEqualTo(2048);
        assertThat(BlockSizeMix.split("8k", 1024).split()).singleElement()
                .isEqualTo(new BlockSizeMix.Share(8192, 100));
    }

    @Property(tries = 200)
    void aRangeGivesAlignedSizesWithinItsEndsThatFitTheRoom(@ForAll @LongRange(min = 4096, max = 1 << 20) long room,
                                                            @ForAll long seed) {
        RequestSizes sizes = new RequestSizes(BlockSizeMix.range(4096, 16384), seed);
        for (int i = 0; i < 50; i++) {
            long s = sizes.next(room);
            assertThat(s % 4096).isZero();
            assertThat(s).isBetween(4096L, Math.min(16384L, room));
        }
        assertThat(sizes.next(4095)).as("not even the smallest fits").isZero();
    }

    @Test
    void aFixedSizeIsAlwaysThatSize() {
        RequestSizes sizes = new RequestSizes(BlockSizeMix.fixed(8192), 1);
        assertThat(sizes.next(1 << 20)).isEqualTo(8192);
        assertThat(sizes.next(8191)).isZero();
    }
}
