package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The schedule alone: due times are absolute, so lateness never accumulates. */
class PacerTest {
    @Test
    void requestsAreDueAtFixedOffsetsFromTheStartHoweverLateTheyAreTaken() {
        Pacer p = Pacer.forWorker(5000, 1, 0);
        p.start(1_000_000);
        assertThat(p.take()).isEqualTo(1_000_000);
        assertThat(p.take()).isEqualTo(1_200_000);
        // the worker overslept by 3 periods: the next due times do not move, so it catches up
        assertThat(p.nextDueNanos()).isEqualTo(1_400_000);
        assertThat(p.take()).isEqualTo(1_400_000);
        assertThat(p.take()).isEqualTo(1_600_000);
    }

    @Test
    void aMillionSlotsLandExactlyOnTheRateWithoutRoundingDrift() {
        Pacer p = Pacer.forWorker(3, 1, 0);   // a period of 333,333,333.3 ns
        p.start(0);
        for (int i = 0; i < 1_000_000; i++) {
            p.take();
        }
        assertThat(p.nextDueNanos()).isBetween(333_333_333_333_332L, 333_333_333_333_334L);
    }

    @Test
    void workersShareTheJobsRateWithPhasesSpreadOverOnePeriod() {
        Pacer w0 = Pacer.forWorker(4000, 4, 0);
        Pacer w1 = Pacer.forWorker(4000, 4, 1);
        Pacer w3 = Pacer.forWorker(4000, 4, 3);
        w0.start(0);
        w1.start(0);
        w3.start(0);
        assertThat(w0.take()).isZero();
        assertThat(w1.take()).isEqualTo(250_000);
        assertThat(w3.take()).isEqualTo(750_000);
        assertThat(w0.take()).as("each worker does 1000/s").isEqualTo(1_000_000);
    }

    @Test
    void withoutARateEverythingIsDueAtOnce() {
        Pacer p = Pacer.forWorker(0, 2, 1);
        assertThat(p.paced()).isFalse();
        p.start(42);
        assertThat(p.take()).isEqualTo(42);
        assertThat(p.take()).isEqualTo(42);
    }
}
