package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.iobench.job.Schedule;
import org.junit.jupiter.api.Test;

/** fio's thinktime, flow shares and rate floor, without threads or clocks. */
class ThrottleTest {
    @Test
    void flowWeightsShareTheRequestsInTheirRatio() {
        Throttle heavy = new Throttle(new Schedule(0, 0, 1, 7, 3, 0, 0, 0, 1000, null, false, false, null));
        Throttle light = new Throttle(new Schedule(0, 0, 1, 7, 1, 0, 0, 0, 1000, null, false, false, null));
        heavy.join();
        light.join();
        int h = 0;
        int l = 0;
        for (int i = 0; i < 40_000; i++) { // both try as fast as they can, in turn
            if (heavy.readyAt(0) <= 0) {
                h++;
            }
            if (light.readyAt(0) <= 0) {
                l++;
            }
        }
        heavy.leave();
        light.leave();
        assertThat((double) h / l).isBetween(2.9, 3.1);
        Throttle alone = new Throttle(new Schedule(0, 0, 1, 7, 1, 0, 0, 0, 1000, null, false, false, null));
        alone.join();
        assertThat(alone.readyAt(0)).as("the group left with its jobs: a new job runs alone").isZero();
        alone.leave();
    }

    @Test
    void aPauseFollowsEveryThinktimeBlocksRequests() {
        Throttle t = new Throttle(new Schedule(0, 1_000_000, 2, 0, 0, 0, 0, 0, 1000, null, false, false, null));
        t.issued();
        assertThat(t.mustQuiesce()).isFalse();
        assertThat(t.readyAt(10)).isEqualTo(10);
        t.issued();
        assertThat(t.mustQuiesce()).as("in-flight requests complete first").isTrue();
        assertThat(t.readyAt(10)).isEqualTo(1_000_010);
        assertThat(t.readyAt(500_000)).isEqualTo(1_000_010);
        assertThat(t.readyAt(1_000_010)).isEqualTo(1_000_010);
    }

    @Test
    void aRateFloorFailsTheJobOnlyAfterSettlingAndAFullCycle() {
        Throttle t = new Throttle(new Schedule(0, 0, 1, 0, 0, 0, 1000, 0, 1000, null, false, false, null));
        t.start(0);
        assertThat(t.belowFloor(1_000_000_000L, 0, 0, 0)).as("settling").isNull();
        assertThat(t.belowFloor(2_000_000_000L, 5000, 5, 0)).as("the first cycle starts").isNull();
        assertThat(t.belowFloor(2_500_000_000L, 5000, 5, 0)).as("half a cycle").isNull();
        assertThat(t.belowFloor(3_000_000_000L, 6000, 6, 0)).as("1000 B/s met").isNull();
        assertThat(t.belowFloor(4_000_000_000L, 6500, 7, 0)).isNotNull().extracting(f -> f.message())
                .asString().contains("rate_min=1000B/s not met, got 500B/s");
    }

    @Test
    void aLatencyTargetSearchesTheDepthAsFioDoes() {
        Schedule s = new Schedule(0, 0, 1, 0, 0, 0, 0, 0, 1000, null, false, false,
                new Schedule.LatencyGoal(1_000_000, 10_000_000, 100, false, 0));
        Throttle t = new Throttle(s, 32);
        RunControl control = new RunControl();
        assertThat(t.depth()).as("fio starts at depth 1").isEqualTo(1);
        long now = 0;
        for (int window = 0; window < 5; window++) { // every request within the target: 2, 4, 8, 16, 32
            t.completed(now, 500_000, control, 0);
            now += 10_000_000;
            t.completed(now, 500_000, control, 0);
        }
        assertThat(t.depth()).isEqualTo(32);
        t.completed(now, 2_000_000, control, 0); // a miss at 100 %: bisect down between 16 and 32
        assertThat(t.depth()).isEqualTo(24);
        assertThat(t.mustQuiesce()).isTrue();
        assertThat(control.stopped()).isFalse();
        Throttle one = new Throttle(s, 1);
        one.completed(0, 2_000_000, control, 0);
        assertThat(control.stopped()).as("the target missed at depth 1 ends the job with ETIMEDOUT").isTrue();
    }
}
