package org.iobench.workload;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * fio's flow control ({@code flow.c}): jobs of one {@code flow_id} share a counter of requests (it starts at 1) and
 * a total weight; a job may issue while its own count over the shared count is at most its weight over the total,
 * so the jobs run in the ratio of their weights. A job joins when it starts and leaves when it ends (its count and
 * weight taken back), as fio's jobs do. Process-wide, as fio's flow list is.
 *
 * <p>A job ahead of its share waits for the others to move ({@link Member#awaitShare}): fio spins, and so does a job
 * here for a while, but then it parks until a request of another member (or one leaving) gives it its turn. Two
 * spinning jobs hand each other their turns only while both are on a CPU: on a machine busier than its CPUs, each
 * turn waits for the scheduler to preempt the spinner, and a job paced at 1000 IOPS in a flow with an unpaced one
 * fell to a few hundred, as fio's does. A parked job leaves the CPU to the job it waits for and is woken by it.
 */
final class Flows {
    private static final Map<Integer, Group> GROUPS = new HashMap<>();
    /**
     * How often a job ahead of its share checks again before it parks: the job it waits for may be on another CPU
     * and give it its turn in a few microseconds (two unpaced jobs of a flow on a fast engine hand each other turns
     * millions of times a second).
     */
    static final int SPINS_BEFORE_PARKING = 2_000;

    private Flows() {}

    /** One flow group's shared counters, and its members for waking those that wait. */
    static final class Group {
        final AtomicLong counter = new AtomicLong(1);
        final AtomicLong totalWeight = new AtomicLong();
        /** Members parked in {@link Member#awaitShare} (or about to park); 0 lets a request skip waking anyone. */
        private final AtomicInteger parked = new AtomicInteger();
        /** The members, replaced whole when one joins or leaves (under the groups' lock). */
        private volatile Member[] members = new Member[0];

        /** Wakes the parked members that may go now (all of them with {@code all}: the shares changed). */
        private void wake(boolean all) {
            if (parked.get() == 0) {
                return;
            }
            for (Member m : members) {
                Thread t = m.waiter;
                if (t != null && (all || !m.ahead())) {
                    LockSupport.unpark(t);
                }
            }
        }
    }

    /** A job's place in its flow group; used by the job's worker thread only, but for waking it. */
    static final class Member {
        private final int id;
        private final Group group;
        private final long weight;
        /** Written by the job's thread only; read by the others when they decide whom to wake. */
        private volatile long count;
        /** The job's thread while it is parked in {@link #awaitShare}, else null. */
        private volatile Thread waiter;

        private Member(int id, Group group, long weight) {
            this.id = id;
            this.group = group;
            this.weight = weight;
        }

        /** True when the job is ahead of its share: it must wait (reads the counters only). */
        boolean ahead() {
            return (double) count / group.counter.get() > (double) weight / group.totalWeight.get();
        }

        /** The job issues one request: its count and the group's grow; a member this gives its turn is woken. */
        void take() {
            group.counter.incrementAndGet();
            count = count + 1;
            group.wake(false);
        }

        /**
         * Waits while the job is ahead of its share: spins {@link #SPINS_BEFORE_PARKING} times, then parks until a
         * request of another member gives it its turn or a member leaves, for at most {@code maxParkNanos} of the
         * machine's time (the caller checks its deadline and stops after each return). May return while still ahead.
         */
        void awaitShare(long maxParkNanos) {
            for (int i = 0; i < SPINS_BEFORE_PARKING; i++) {
                if (!ahead()) {
                    return;
                }
                Thread.onSpinWait();
            }
            waiter = Thread.currentThread();
            group.parked.incrementAndGet();
            try {
                // registered before this last look: a member taking its request after it sees this one parked
                if (ahead()) {
                    LockSupport.parkNanos(this, maxParkNanos);
                }
            } finally {
                group.parked.decrementAndGet();
                waiter = null;
            }
        }

        void leave() {
            synchronized (GROUPS) {
                group.counter.addAndGet(-count);
                group.totalWeight.addAndGet(-weight);
                group.members = Arrays.stream(group.members).filter(m -> m != this).toArray(Member[]::new);
                if (group.members.length == 0) {
                    GROUPS.remove(id);
                }
            }
            group.wake(true);
        }
    }

    static Member join(int id, long weight) {
        synchronized (GROUPS) {
            Group g = GROUPS.computeIfAbsent(id, k -> new Group());
            g.totalWeight.addAndGet(weight);
            Member m = new Member(id, g, weight);
            Member[] members = Arrays.copyOf(g.members, g.members.length + 1);
            members[members.length - 1] = m;
            g.members = members;
            return m;
        }
    }
}
