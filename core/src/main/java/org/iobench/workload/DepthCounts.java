package org.iobench.workload;

import java.util.Arrays;
import org.iobench.result.QueueDepths;

/**
 * One worker's queue depths as fio counts them ({@code io_u_mark_depth}, {@code io_u_mark_submit},
 * {@code io_u_mark_complete}): an array increment per call, no allocation. Written by the worker thread only.
 */
final class DepthCounts {
    private final long[] levels = new long[QueueDepths.BUCKETS];
    private final long[] submits = new long[QueueDepths.BUCKETS];
    private final long[] completes = new long[QueueDepths.BUCKETS];

    /** {@code n} requests handed over with {@code depth} in flight, themselves included. */
    void atDepth(int depth, int n) {
        levels[depthBucket(depth)] += n;
    }

    /** One call that handed {@code n} requests to the kernel. */
    void submitted(int n) {
        submits[batchBucket(n)]++;
    }

    /** One call that asked for completions and got {@code n}. */
    void completed(int n) {
        completes[batchBucket(n)]++;
    }

    /** Forgets what was counted (the measured window opens after a warm-up). */
    void clear() {
        Arrays.fill(levels, 0);
        Arrays.fill(submits, 0);
        Arrays.fill(completes, 0);
    }

    QueueDepths result() {
        return new QueueDepths(Arrays.stream(levels).boxed().toList(), Arrays.stream(submits).boxed().toList(),
                Arrays.stream(completes).boxed().toList());
    }

    /** fio's depth buckets: 1, 2-3, 4-7, 8-15, 16-31, 32-63, 64 and more. */
    static int depthBucket(int depth) {
        return depth <= 1 ? 0 : Math.min(6, 31 - Integer.numberOfLeadingZeros(depth));
    }

    /** fio's batch buckets ({@code __io_u_mark_map}): 0, 1-4, 5-8, 9-16, 17-32, 33-64, more than 64. */
    static int batchBucket(int n) {
        if (n <= 0) {
            return 0;
        }
        if (n <= 4) {
            return 1;
        }
        return Math.min(6, 32 - Integer.numberOfLeadingZeros(n - 1) - 1);
    }
}
