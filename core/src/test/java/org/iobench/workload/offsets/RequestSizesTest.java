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

    /** fio's {@code rand_seeds[index]} of the job with {@code thread_number} {@code thread}, randrepeat=1, no randseed. */
    static long fioSeed(int thread, int index) {
        long seed = 0x89;
        for (int i = 0; i < 4 + index; i++) {
            seed *= 0x9e370001L;
        }
        return seed * thread + index;
    }

    @Test
    void fiosGeneratorDrawsFiosSizesInFiosOrder() {
        // fio 3.33's write_iolog here (ioengine=null size=1m): [range] rw=read bsrange=1k-16k, thread 1, reads
        // from bsrange_state[DDIR_READ]; [split] rw=write bssplit=4k/10:64k/50:32k/40, thread 2, DDIR_WRITE's
        RequestSizes range = RequestSizes.fio(BlockSizeMix.range(1024, 16384), fioSeed(1, 0), false);
        long[] lengths = new long[10];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = range.next(1 << 20);
        }
        assertThat(lengths).containsExactly(3072, 11264, 13312, 6144, 15360, 2048, 16384, 3072, 4096, 3072);
        RequestSizes split = RequestSizes.fio(BlockSizeMix.split("4k/10:64k/50:32k/40", 1024), fioSeed(2, 1), false);
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = split.next(1 << 20);
        }
        assertThat(lengths).containsExactly(65536, 65536, 4096, 32768, 65536, 65536, 32768, 65536, 32768, 32768);
        RequestSizes again = split.restarted();
        assertThat(again.next(1 << 20)).as("randrepeat: a new loop draws the same sizes again").isEqualTo(65536);
    }

    @Test
    void fiosDrawsSkipWhatDoesNotFitAndAFixedSizeIgnoresTheRoom() {
        RequestSizes split = RequestSizes.fio(BlockSizeMix.split("4k/10:64k/50:32k/40", 1024), fioSeed(2, 1), false);
        for (int i = 0; i < 100; i++) {
            assertThat(split.next(40 << 10)).isIn(4096L, 32768L);
        }
        assertThat(split.next(2048)).as("not even the smallest fits: fio's fill fails").isZero();
        assertThat(RequestSizes.fio(BlockSizeMix.fixed(16384), 1, false).next(4096))
                .as("fio's get_next_buflen returns a fixed size unchecked").isEqualTo(16384);
    }
}
