package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class OffsetGeneratorTest {

    @Property
    void randomOffsetsAreAlignedAndInsideTheRegion(@ForAll @LongRange(min = 0, max = 1L << 40) long start,
                                                   @ForAll @IntRange(min = 1, max = 100_000) int blocks,
                                                   @ForAll long seed) {
        long bs = 4096;
        OffsetGenerator g = OffsetGenerator.random(start, blocks * bs, bs, seed);
        for (int i = 0; i < 200; i++) {
            long o = g.next();
            assertThat(o).isBetween(start, start + (blocks - 1) * bs);
            assertThat((o - start) % bs).isZero();
        }
    }

    @Property
    void sequentialOffsetsWalkTheRegionThenWrap(@ForAll @IntRange(min = 1, max = 50) int blocks) {
        long bs = 512;
        OffsetGenerator g = OffsetGenerator.sequential(1024, blocks * bs, bs);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < blocks; i++) {
                assertThat(g.next()).isEqualTo(1024 + i * bs);
            }
        }
    }

    @Property
    void stripedRandomOffsetsStayInTheirOwnStripe(@ForAll @IntRange(min = 1, max = 64) int stripes,
                                                  @ForAll @IntRange(min = 0, max = 63) int stripeSeed,
                                                  @ForAll @IntRange(min = 64, max = 10_000) int blocks,
                                                  @ForAll long seed) {
        int stripe = stripeSeed % stripes;
        long bs = 512;
        OffsetGenerator g = OffsetGenerator.randomStripe(4096, blocks * bs, bs, stripe, stripes, seed);
        for (int i = 0; i < 100; i++) {
            long block = (g.next() - 4096) / bs;
            assertThat(block).isBetween(0L, blocks - 1L);
            assertThat(block % stripes).isEqualTo(stripe);
        }
    }
}
