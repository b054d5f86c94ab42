package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * A job ahead of its flow share waits parked and is woken by the job that gives it its turn, or by one leaving.
 * The waits here have no time limit ({@code Long.MAX_VALUE}): only a wake ends them, so a lost one would hang the
 * waiter, which the join's guard turns into a failure.
 */
class FlowsTest {
    private static final long GUARD_SECONDS = 60;

    /** Starts a thread that waits until {@code m} is within its share. */
    private static Thread waitUntilWithinShare(Flows.Member m) {
        return Thread.ofPlatform().name("flow-waiter").start(() -> {
            while (m.ahead()) {
                m.awaitShare(Long.MAX_VALUE);
            }
        });
    }

    /** Until {@code t} is parked on {@code m} (bounded by the guard). */
    private static void untilParkedOn(Thread t, Flows.Member m) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(GUARD_SECONDS);
        while (LockSupport.getBlocker(t) != m && t.isAlive() && System.nanoTime() < giveUp) {
            Thread.sleep(1);
        }
        assertThat(LockSupport.getBlocker(t)).as("the waiter parked on its membership, not spinning").isSameAs(m);
    }

    @Test
    void aJobAheadOfItsShareParksUntilTheOtherJobsRequestsGiveItItsTurn() throws InterruptedException {
        Flows.Member light = Flows.join(4101, 1);
        Flows.Member heavy = Flows.join(4101, 8);
        try {
            light.take(); // 1 of 2 requests: ahead of 1/9
            assertThat(light.ahead()).isTrue();
            Thread waiter = waitUntilWithinShare(light);
            untilParkedOn(waiter, light);
            for (int i = 0; i < 6; i++) {
                heavy.take();
            }
            assertThat(light.ahead()).as("1 of 8 (the counter starts at 1): still ahead of 1/9").isTrue();
            heavy.take(); // 1 of 9: within its share
            waiter.join(TimeUnit.SECONDS.toMillis(GUARD_SECONDS));
            assertThat(waiter.isAlive()).as("woken by the request that gave it its turn").isFalse();
        } finally {
            light.leave();
            heavy.leave();
        }
    }

    @Test
    void aJobLeavingWakesTheOnesWaitingForIt() throws InterruptedException {
        Flows.Member light = Flows.join(4102, 1);
        Flows.Member heavy = Flows.join(4102, 8);
        try {
            light.take();
            Thread waiter = waitUntilWithinShare(light);
            untilParkedOn(waiter, light);
            heavy.leave(); // the group is the light job alone now: its share is all
            waiter.join(TimeUnit.SECONDS.toMillis(GUARD_SECONDS));
            assertThat(waiter.isAlive()).as("woken by the job that left").isFalse();
            assertThat(light.ahead()).isFalse();
        } finally {
            light.leave();
        }
    }

    @Test
    void aJobWithinItsShareDoesNotWait() {
        Flows.Member only = Flows.join(4103, 3);
        try {
            only.take();
            assertThat(only.ahead()).isFalse();
            only.awaitShare(Long.MAX_VALUE); // returns at once: nothing to wait for
        } finally {
            only.leave();
        }
    }
}
