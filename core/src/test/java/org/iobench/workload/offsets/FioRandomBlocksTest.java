package org.iobench.workload.offsets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.iobench.job.RandomOffsets;
import org.junit.jupiter.api.Test;

/** fio's blocks of a uniformly random job: fio's draws, the random map's next-free rule and axmap_set_nr's marks. */
class FioRandomBlocksTest {
    private static final RandomOffsets THREAD_1 = new RandomOffsets(RandomOffsets.Kind.TAUSWORTHE, 0xb1899bedL);

    @Test
    void drawsFiosBlocksAndTakesTheNextFreeOneAfterAUsedBlock() {
        // fio 3.33 on this machine, 256 blocks of 4 KiB, thread 1 (as FioGeneratorsTest): 215 again becomes 216
        FioRandomBlocks b = FioRandomBlocks.of(THREAD_1, true, 256);
        long[] got = new long[8];
        for (int i = 0; i < got.length; i++) {
            got[i] = b.next(256);
            assertThat(b.mark(got[i], 1)).isEqualTo(1);
        }
        assertThat(got).containsExactly(15, 189, 215, 120, 102, 216, 97, 90);
    }

    @Test
    void aRequestMarksFreeBlocksUpToTheFirstUsedOne() {
        FioRandomBlocks b = FioRandomBlocks.of(THREAD_1, true, 256);
        assertThat(b.mark(10, 1)).isEqualTo(1);
        assertThat(b.mark(6, 8)).as("6..9 free, 10 used: fio cuts the request there").isEqualTo(4);
        assertThat(b.mark(60, 8)).as("across a word of the map").isEqualTo(8);
        assertThat(b.mark(10, 4)).as("its first block used: nothing").isZero();
    }

    @Test
    void aFullMapHasNoBlockLeftUntilReset() {
        FioRandomBlocks b = FioRandomBlocks.of(THREAD_1, true, 100);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            long block = b.next(100);
            assertThat(b.mark(block, 1)).isEqualTo(1);
            seen.add(block);
        }
        assertThat(seen).hasSize(100);
        assertThat(b.next(100)).isEqualTo(FioRandomBlocks.NONE);
        b.reset();
        assertThat(b.next(100)).isBetween(0L, 99L);
    }

    @Test
    void aDirectionWithALargerUnitLooksItsBlockUpInTheSameMap() {
        // fio's bs=4k,16k: the map has a bit per 4 KiB; a write draws among 16 KiB blocks and uses bit b for block b
        FioRandomBlocks b = FioRandomBlocks.of(THREAD_1, true, 256);
        for (long block = 0; block < 64; block++) {
            b.mark(block, 1);
        }
        assertThat(b.next(64)).as("bits 0..63 used: the next free is 64, past the writes' 64 blocks").isEqualTo(64);
    }
}
