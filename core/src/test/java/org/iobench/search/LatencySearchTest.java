package org.iobench.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Latency-targeted searches over devices with known latency curves. */
class LatencySearchTest {
    private static final Setting ONE = new Setting(1, 1, 0);

    @Test
    void theHighestThreadCountWithinTheTargetIsFoundByBisectingBetweenDoublings() throws IOException {
        // p99 = 0.2 ms per thread: 10 threads give exactly 2 ms, 11 give 2.2 ms
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 200_000.0 * t);
        Curve c = new LatencySearch(d, SaturationRules.DEFAULT, 4).run(ONE, Axis.THREADS, 256,
                LatencyTarget.parse("p99=2ms"));
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L, 12L, 10L, 11L);
        assertThat(c.best().setting().threads()).isEqualTo(10);
        assertThat(c.stop()).isEqualTo(Stop.TARGET_BOUNDARY);
        assertThat(c.sorted()).extracting(p -> p.setting().threads())
                .containsExactly(1, 2, 4, 8, 10, 11, 12, 16);
    }

    @Test
    void refiningIsBoundedByTheRefineBudget() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 200_000.0 * t);
        Curve c = new LatencySearch(d, SaturationRules.DEFAULT, 1).run(ONE, Axis.THREADS, 256,
                LatencyTarget.parse("p99=2ms"));
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L, 12L);
        assertThat(c.best().setting().threads()).isEqualTo(8);
    }

    @Test
    void whenEvenOneThreadMissesTheTargetThereIsNoBestSetting() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 5_000_000.0);
        Curve c = new LatencySearch(d, SaturationRules.DEFAULT, 4).run(ONE, Axis.THREADS, 256,
                LatencyTarget.parse("p99=2ms"));
        assertThat(c.best()).isNull();
        assertThat(c.points()).hasSize(1);
    }

    @Test
    void aPlateauWithinTheTargetStopsRaisingTheLoad() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * Math.min(t, 4), t -> 100_000.0 * t);
        Curve c = new LatencySearch(d, SaturationRules.DEFAULT, 4).run(ONE, Axis.THREADS, 256,
                LatencyTarget.parse("p99=10ms"));
        assertThat(c.stop()).isEqualTo(Stop.PLATEAU);
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L);
        assertThat(c.best().setting().threads()).as("same throughput: the lower load wins").isEqualTo(4);
        assertThat(c.knee().setting().threads()).isEqualTo(4);
    }

    @Test
    void theHighestRateWithinTheTargetIsFoundWithinOneSixtyFourthOfTheMaximum() throws IOException {
        // an M/M/1-like queue: corrected p99 = 100 us / (1 - r / 10000); p99 <= 1 ms up to r = 9000
        FakeDevice d = FakeDevice.byRate(10_000, 5_000_000, r -> 100_000 / (1 - Math.min(r, 9999.99) / 10_000));
        Curve c = new LatencySearch(d, SaturationRules.DEFAULT, 6).run(ONE, Axis.RATE, 0,
                LatencyTarget.parse("p99=1ms"));
        assertThat(d.asked.getFirst().rateOpsPerSecond()).as("unthrottled first").isZero();
        assertThat(d.asked).hasSize(7);
        double best = c.best().setting().rateOpsPerSecond();
        assertThat(best).isLessThanOrEqualTo(9000).isGreaterThan(9000 - 10_000 / 64.0);
        assertThat(c.best().corrected()).isTrue();
        assertThat(c.stop()).isEqualTo(Stop.TARGET_BOUNDARY);
    }

    @Test
    void aDeviceThatMeetsTheTargetUnthrottledNeedsNoRateLimit() throws IOException {
        FakeDevice d = FakeDevice.byRate(10_000, 500_000, r -> 100_000.0);
        Curve c = new LatencySearch(d, SaturationRules.DEFAULT, 6).run(ONE, Axis.RATE, 0,
                LatencyTarget.parse("p99=1ms"));
        assertThat(c.stop()).isEqualTo(Stop.UNLIMITED_MEETS_TARGET);
        assertThat(c.best().setting().rateOpsPerSecond()).isZero();
        assertThat(d.asked).hasSize(1);
    }

    @Test
    void latencyTargetsParseEveryKeptPercentileAndNameTheOptionWhenWrong() {
        assertThat(LatencyTarget.parse("p99=2ms")).isEqualTo(new LatencyTarget(99, 2_000_000));
        assertThat(LatencyTarget.parse("p99.9=500us")).isEqualTo(new LatencyTarget(99.9, 500_000));
        assertThat(LatencyTarget.parse("p50<=1ms").label()).isEqualTo("p50<=1ms");
        assertThat(LatencyTarget.parse("p99.99=1s").percentile()).isEqualTo(99.99);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LatencyTarget.parse("p98=2ms"))
                .hasMessageStartingWith("--latency-target 'p98=2ms': ");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LatencyTarget.parse("p99=fast"))
                .hasMessageStartingWith("--latency-target 'p99=fast': ");
    }
}
