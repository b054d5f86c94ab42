package org.iobench.workload;

import java.util.Arrays;
import org.iobench.measure.LatencyRecorder;

/**
 * One worker's latencies per direction and I/O priority (fio's {@code clat_prio}): for each priority value a
 * request of that direction was issued with ({@code class << 13 | level}, 0 for the default), its completion
 * latency (where the engine stamped the hand-over) and its total latency. A job uses few priorities: they are
 * found by a scan, and a recorder is made the first time its priority is seen. Written by its worker thread only.
 */
final class PriorityLatencies {
    /** Per direction (read, write, trim): the priorities seen, in the order seen, and their recorders. */
    private final int[][] prios = new int[3][0];
    private final LatencyRecorder[][] completion = new LatencyRecorder[3][0];
    private final LatencyRecorder[][] total = new LatencyRecorder[3][0];

    /** @param completionNanos the completion latency, or -1 where the hand-over was not stamped */
    void record(int direction, int ioprio, long completionNanos, long totalNanos) {
        int[] p = prios[direction];
        int i = 0;
        while (i < p.length && p[i] != ioprio) {
            i++;
        }
        if (i == p.length) {
            prios[direction] = Arrays.copyOf(p, i + 1);
            prios[direction][i] = ioprio;
            completion[direction] = Arrays.copyOf(completion[direction], i + 1);
            completion[direction][i] = new LatencyRecorder();
            total[direction] = Arrays.copyOf(total[direction], i + 1);
            total[direction][i] = new LatencyRecorder();
        }
        if (completionNanos >= 0) {
            completion[direction][i].record(completionNanos);
        }
        total[direction][i].record(totalNanos);
    }

    /** A copy of what was recorded so far (a worker's figures so far, copied on its own thread). */
    PriorityLatencies copy() {
        PriorityLatencies c = new PriorityLatencies();
        for (int d = 0; d < 3; d++) {
            c.prios[d] = prios[d].clone();
            c.completion[d] = Arrays.stream(completion[d]).map(LatencyRecorder::copy).toArray(LatencyRecorder[]::new);
            c.total[d] = Arrays.stream(total[d]).map(LatencyRecorder::copy).toArray(LatencyRecorder[]::new);
        }
        return c;
    }

    /** The priorities {@code direction}'s requests had, in the order first seen. */
    int[] priorities(int direction) {
        return prios[direction].clone();
    }

    /** The completion latencies of {@code direction}'s requests of {@code ioprio}, or null when there were none. */
    LatencyRecorder completion(int direction, int ioprio) {
        int i = indexOf(direction, ioprio);
        return i < 0 ? null : completion[direction][i];
    }

    /** The total latencies of {@code direction}'s requests of {@code ioprio}, or null when there were none. */
    LatencyRecorder total(int direction, int ioprio) {
        int i = indexOf(direction, ioprio);
        return i < 0 ? null : total[direction][i];
    }

    private int indexOf(int direction, int ioprio) {
        int[] p = prios[direction];
        for (int i = 0; i < p.length; i++) {
            if (p[i] == ioprio) {
                return i;
            }
        }
        return -1;
    }
}
