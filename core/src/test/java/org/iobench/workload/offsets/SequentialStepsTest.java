package org.iobench.workload.offsets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's sequential placement with holes and backward steps ({@code get_next_seq_offset}). */
class SequentialStepsTest {
    private static List<Long> walk(long length, long skip, long bs, int requests) {
        SequentialSteps s = new SequentialSteps(length, skip);
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            long pos = s.next(bs);
            out.add(pos / 1024);
            s.advance(pos, bs);
        }
        return out;
    }

    @Test
    void holesSkipAfterEachRequestAndTheWalkEndsAtTheRegionsEnd() {
        assertThat(walk(48 << 10, 8 << 10, 4 << 10, 4)).containsExactly(0L, 12L, 24L, 36L);
        SequentialSteps s = new SequentialSteps(48 << 10, 8 << 10);
        for (int i = 0; i < 4; i++) {
            long pos = s.next(4 << 10);
            s.advance(pos, 4 << 10);
        }
        assertThat(s.atEnd()).isFalse(); // 36k + 4k = 40k < 48k
        assertThat(walk(12 << 10, 8 << 10, 4 << 10, 2)).as("a step past the end wraps to the start")
                .containsExactly(0L, 0L);
    }

    @Test
    void aHoleThatLeavesNoRoomForTheNextRequestEndsThePassAsFiosRegionEnd() {
        // t0007: rw=read:512k bs=1m size=128m, fio 3.33 makes 85 reads (0, 1.5m, ... 126m) and stops
        SequentialSteps s = new SequentialSteps(128L << 20, 512 << 10);
        int n = 0;
        while (!s.passOver(1 << 20)) {
            long pos = s.next(1 << 20);
            assertThat(pos).isEqualTo(n * (3L << 19));
            s.advance(pos, 1 << 20);
            n++;
        }
        assertThat(n).isEqualTo(85);
        // a step landing exactly on the end wraps to the start (fio: 128 reads of 128k over 16m with 128k holes)
        SequentialSteps w = new SequentialSteps(16 << 20, 128 << 10);
        for (int i = 0; i < 64; i++) {
            assertThat(w.passOver(128 << 10)).isFalse();
            w.advance(w.next(128 << 10), 128 << 10);
        }
        assertThat(w.passOver(128 << 10)).isFalse();
        assertThat(w.next(128 << 10)).isZero();
    }

    @Test
    void backwardStepsReadTheFirstBlockThenFromTheEndDownwards() {
        assertThat(walk(32 << 10, -(8 << 10), 4 << 10, 8)).containsExactly(0L, 24L, 20L, 16L, 12L, 8L, 4L, 0L);
    }

    @Test
    void withoutStepsItIsPlainlySequentialAndStartsOverAfterTheEnd() {
        assertThat(walk(16 << 10, 0, 4 << 10, 6)).containsExactly(0L, 4L, 8L, 12L, 0L, 4L);
    }

    /** The passes the worker drops the cache at (fio's invalidate at each wrap): one per start over, none at first. */
    @Test
    void eachStartOverAtTheRegionsStartIsOnePass() {
        SequentialSteps s = new SequentialSteps(8 << 10, 0);
        List<Long> passes = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long pos = s.next(4 << 10);
            s.advance(pos, 4 << 10);
            passes.add(s.passes());
        }
        assertThat(passes).containsExactly(0L, 0L, 1L, 1L, 2L);
        SequentialSteps holed = new SequentialSteps(10 << 10, 4 << 10); // 0, then 8k has no room for 4k: over again
        List<Long> holedPasses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long pos = holed.next(4 << 10);
            holed.advance(pos, 4 << 10);
            holedPasses.add(holed.passes());
        }
        assertThat(holedPasses).containsExactly(0L, 1L, 2L);
    }
}
