package org.iobench.workload.offsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.iobench.job.Distribution;
import org.junit.jupiter.api.Test;

class BlockPickersTest {

    @Property(tries = 50)
    void theRandomMapUsesEveryBlockExactlyOncePerPass(@ForAll @IntRange(min = 1, max = 5000) int blocks,
                                                     @ForAll long seed) {
        BlockPicker p = BlockPickers.of(Distribution.UNIFORM, true, blocks, 4096, seed);
        for (int pass = 0; pass < 2; pass++) {
            boolean[] seen = new boolean[blocks];
            for (int i = 0; i < blocks; i++) {
                long b = p.next();
                assertThat(b).isBetween(0L, blocks - 1L);
                assertThat(seen[(int) b]).as("block %d twice in pass %d", b, pass).isFalse();
                seen[(int) b] = true;
            }
            assertThat(p.next()).isEqualTo(BlockPicker.PASS_DONE);
            p.newPass();
        }
    }

    @Test
    void withoutTheMapBlocksRepeatWithinAPass() {
        BlockPicker p = BlockPickers.of(Distribution.UNIFORM, false, 1000, 4096, 7);
        long distinct = java.util.stream.LongStream.generate(p::next).limit(1000).distinct().count();
        assertThat(distinct).as("about 1 - 1/e of the blocks").isBetween(550L, 710L);
    }

    /** Share of requests that the most requested tenth of the blocks receives. */
    private static double hottestTenth(BlockPicker p, int blocks, int draws) {
        long[] hits = new long[blocks];
        for (int i = 0; i < draws; i++) {
            long b = p.next();
            assertThat(b).isBetween(0L, blocks - 1L);
            hits[(int) b]++;
        }
        Arrays.sort(hits);
        long top = 0;
        for (int i = blocks - blocks / 10; i < blocks; i++) {
            top += hits[i];
        }
        return (double) top / draws;
    }

    @Test
    void skewedDistributionsConcentrateTheRequestsAsFiosDo() {
        int blocks = 10_000;
        double uniform = hottestTenth(BlockPickers.of(Distribution.UNIFORM, false, blocks, 4096, 1), blocks, 200_000);
        double zipf = hottestTenth(BlockPickers.of(Distribution.parse("zipf:1.2", 1024), false, blocks, 4096, 1),
                blocks, 200_000);
        double pareto = hottestTenth(BlockPickers.of(Distribution.parse("pareto:0.9", 1024), false, blocks, 4096,
                1), blocks, 200_000);
        double normal = hottestTenth(BlockPickers.of(Distribution.parse("normal:5", 1024), false, blocks, 4096, 1),
                blocks, 200_000);
        assertThat(uniform).isLessThan(0.15);
        assertThat(zipf).as("zipf 1.2").isGreaterThan(0.6);
        assertThat(pareto).as("pareto 0.9").isGreaterThan(0.6);
        assertThat(normal).as("normal 5%").isGreaterThan(0.3);
    }

    @Test
    void zonedSendsEachShareOfRequestsToItsShareOfTheRegion() {
        int blocks = 1000;
        BlockPicker p = BlockPickers.of(Distribution.parse("zoned:50/5:30/15:20/", 1024), false, blocks, 4096, 3);
        int[] zone = new int[3];
        int draws = 100_000;
        for (int i = 0; i < draws; i++) {
            long b = p.next();
            zone[b < 50 ? 0 : b < 200 ? 1 : 2]++;
        }
        assertThat(zone[0] / (double) draws).isCloseTo(0.50, within(0.01));
        assertThat(zone[1] / (double) draws).isCloseTo(0.30, within(0.01));
        assertThat(zone[2] / (double) draws).isCloseTo(0.20, within(0.01));
    }

    @Property(tries = 30)
    void zonedAbsolutePlacesZonesInBytes(@ForAll @LongRange(min = 100, max = 10_000) long blocks) {
        BlockPicker p = BlockPickers.of(Distribution.parse("zoned_abs:70/40k:30/80k", 1024), false, blocks, 4096, 5);
        for (int i = 0; i < 1000; i++) {
            assertThat(p.next()).isBetween(0L, 29L);
        }
        assertThatThrownBy(() -> BlockPickers.of(Distribution.parse("zoned_abs:100/1m", 1024), false, 10, 4096, 1))
                .hasMessageContaining("end past the region");
    }

    @Test
    void distributionsAreParsedAsFioWritesThem() {
        Distribution z = Distribution.parse("zipf:1.2:0.25", 1024);
        assertThat(z.kind()).isEqualTo(Distribution.Kind.ZIPF);
        assertThat(z.value()).isEqualTo(1.2);
        assertThat(z.center()).isEqualTo(0.25);
        Distribution zones = Distribution.parse("zoned:60/10:30/20:8/30:2/40", 1024);
        assertThat(zones.zones()).extracting(Distribution.Zone::sizePercent).containsExactly(10, 20, 30, 40);
        assertThat(Distribution.parse("zoned:50/5:30/15:20/", 1024).zones().get(2).sizePercent()).isEqualTo(80);
        assertThat(Distribution.parse("zoned_abs=60/20G:40/100G", 1024).zones().get(1).sizeBytes())
                .isEqualTo(100L << 30);
        assertThatThrownBy(() -> Distribution.parse("zoned:50/10:30/20", 1024)).hasMessageContaining("add up to 80");
        assertThatThrownBy(() -> Distribution.parse("zipf", 1024)).hasMessageContaining("needs a number");
        assertThatThrownBy(() -> Distribution.parse("pareto:1.5", 1024)).hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> Distribution.parse("hot", 1024)).hasMessageContaining("not a distribution");
    }
}
