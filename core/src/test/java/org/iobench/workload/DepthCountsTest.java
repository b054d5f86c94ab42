package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DepthCountsTest {
    @Test
    void depthsFallInFiosBucketsOfPowersOfTwo() {
        // fio's io_u_mark_depth: 1 | 2-3 | 4-7 | 8-15 | 16-31 | 32-63 | >=64
        assertThat(IntStream.of(1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 1000).map(DepthCounts::depthBucket))
                .containsExactly(0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6);
    }

    @Test
    void batchesFallInFiosBucketsWithZeroOnItsOwn() {
        // fio's __io_u_mark_map: 0 | 1-4 | 5-8 | 9-16 | 17-32 | 33-64 | >64
        assertThat(IntStream.of(0, 1, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 4096).map(DepthCounts::batchBucket))
                .containsExactly(0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6);
    }

    @Test
    void aSubmissionAddsItsRequestsAtItsDepthAndOneCallOfItsSize() {
        DepthCounts c = new DepthCounts();
        c.atDepth(16, 16);
        c.submitted(16);
        c.completed(0);
        c.completed(3);
        assertThat(c.result().levels()).containsExactly(0L, 0L, 0L, 0L, 16L, 0L, 0L);
        assertThat(c.result().submits()).containsExactly(0L, 0L, 0L, 1L, 0L, 0L, 0L);
        assertThat(c.result().completes()).containsExactly(1L, 1L, 0L, 0L, 0L, 0L, 0L);
        c.clear();
        assertThat(c.result().levels()).containsOnly(0L);
    }
}
