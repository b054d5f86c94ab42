package org.iobench.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * fio's flow control ({@code flow.c}): jobs of one {@code flow_id} share a counter of requests (it starts at 1) and
 * a total weight; a job may issue while its own count over the shared count is at most its weight over the total,
 * so the jobs run in the ratio of their weights. A job joins when it starts and leaves when it ends (its count and
 * weight taken back), as fio's jobs do. Process-wide, as fio's flow list is.
 */
final class Flows {
    private static final Map<Integer, Group> GROUPS = new HashMap<>();

    private Flows() {}

    /** One flow group's shared counters. */
    static final class Group {
        final AtomicLong counter = new AtomicLong(1);
        final AtomicLong totalWeight = new AtomicLong();
        private int members;
    }

    /** A job's place in its flow group; used by the job's worker thread only. */
    static final class Member {
        private final int id;
        private final Group group;
        private final long weight;
        private long count;

        private Member(int id, Group group, long weight) {
            this.id = id;
            this.group = group;
            this.weight = weight;
        }

        /** True when the job is ahead of its share: it must wait (reads the counters only). */
        boolean ahead() {
            return (double) count / group.counter.get() > (double) weight / group.totalWeight.get();
        }

        /** The job issues one request: its count and the group's grow. */
        void take() {
            group.counter.incrementAndGet();
            count++;
        }

        void leave() {
            synchronized (GROUPS) {
                group.counter.addAndGet(-count);
                group.totalWeight.addAndGet(-weight);
                if (--group.members == 0) {
                    GROUPS.remove(id);
                }
            }
        }
    }

    static Member join(int id, long weight) {
        synchronized (GROUPS) {
            Group g = GROUPS.computeIfAbsent(id, k -> new Group());
            g.members++;
            g.totalWeight.addAndGet(weight);
            return new Member(id, g, weight);
        }
    }
}
