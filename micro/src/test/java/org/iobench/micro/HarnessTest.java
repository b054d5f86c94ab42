package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class HarnessTest {

    private final FakeTime time = new FakeTime();
    private final Harness harness = new Harness(time::now, () -> 0);
    private final Settings settings = Settings.DEFAULTS.withSamples(4).withSampleTime(Duration.ofMillis(1))
            .withWarmupMax(Duration.ofMillis(100)).withWarmupMinSamples(3);

    @Test
    void constantVariantsGiveExactSamplesAndCallCountsCalibratedToTheSampleTime() {
        List<Measurement> m = harness.measure(List.of("fast", "slow"),
                List.of(time.constant("fast", 10), time.constant("slow", 40)), settings, 25).variants();
        assertThat(m.get(0).samplesNanosPerOp()).containsExactly(10.0, 10.0, 10.0, 10.0);
        assertThat(m.get(1).samplesNanosPerOp()).containsExactly(40.0, 40.0, 40.0, 40.0);
        assertThat(m.get(0).opsPerSample()).isEqualTo(100_000);
        assertThat(m.get(1).opsPerSample()).isEqualTo(25_000);
        assertThat(m.get(0).warnings()).isEmpty();
    }

    @Test
    void measuredSamplesInterleaveVariantsAndRotateWhichGoesFirst() {
        Settings noWarmup = settings.withWarmupMax(Duration.ZERO).withOpsPerSample(1000);
        harness.measure(List.of("a", "b", "c"),
                List.of(time.constant("a", 5), time.constant("b", 5), time.constant("c", 5)), noWarmup, 25);
        assertThat(time.calls).containsExactly("a", "b", "c", "b", "c", "a", "c", "a", "b", "a", "b", "c");
    }

    @Test
    void warmUpRunsUntilTheLastSamplesAgreeSoSlowEarlySamplesAreNotMeasured() {
        // getting faster for 6 samples as the JIT works through its tiers, then 10 ns/op once compiled
        List<Measurement> m = harness.measure(List.of("jit"),
                List.of(time.variant("jit", k -> k < 6 ? 100 - 15 * k : 10)), settings.withOpsPerSample(1000), 25).variants();
        assertThat(m.getFirst().samplesNanosPerOp()).containsOnly(10.0);
        assertThat(m.getFirst().warnings()).isEmpty();
    }

    @Test
    void warmUpThatNeverSettlesStopsAtItsCapWithAWarning() {
        List<Measurement> m = harness.measure(List.of("noisy"),
                List.of(time.variant("noisy", k -> k % 2 == 0 ? 10 : 20)), settings, 25).variants();
        assertThat(time.nowNanos).isLessThan(Duration.ofMillis(200).toNanos());
        assertThat(m.getFirst().warnings()).anyMatch(w -> w.startsWith("warm-up did not settle within 100 ms"));
    }

    @Test
    void samplesTooShortForTheTimerAreFlaggedWithAHintToBatch() {
        Settings single = settings.withOpsPerSample(1);
        List<Measurement> m = harness.measure(List.of("tiny"), List.of(time.constant("tiny", 30)), single, 25).variants();
        assertThat(m.getFirst().warnings()).anyMatch(w -> w.contains("under 500 ns")
                && w.contains("a single call is too short to time alone"));
    }

    @Test
    void wideSpreadIsFlagged() {
        List<Measurement> m = harness.measure(List.of("spread"),
                List.of(time.variant("spread", k -> k % 2 == 0 ? 10 : 30)),
                settings.withOpsPerSample(1000).withWarmupMax(Duration.ZERO), 25).variants();
        assertThat(m.getFirst().warnings()).anyMatch(w -> w.startsWith("wide spread"));
    }

    @Test
    void impossiblyFastCallsAreFlaggedAsPossiblyOptimizedAway() {
        OpTimer deleted = ops -> ops / 10; // 0.1 ns per call
        List<Measurement> m = harness.measure(List.of("gone"), List.of(deleted), settings, 25).variants();
        assertThat(m.getFirst().warnings()).anyMatch(w -> w.contains("suspiciously fast"));
    }

    @Test
    void warmUpWaitsUntilTheJitHasStoppedCompiling() {
        // timing is stable from the start, but the JIT works during the first 8 rounds
        Harness h = new Harness(time::now, () -> Math.min(time.calls.size(), 8) * 10L);
        Measurements m = h.measure(List.of("v"), List.of(time.constant("v", 10)), settings.withOpsPerSample(1000), 25);
        assertThat(time.calls).hasSize(11 + 4); // quiet for 3 rounds after round 8, then 4 samples
        assertThat(m.warnings()).isEmpty();
    }

    @Test
    void aJitStillBusyWhenWarmUpRunsOutOrWhileMeasuringIsReported() {
        Harness h = new Harness(time::now, () -> time.calls.size() * 10L);
        Measurements m = h.measure(List.of("v"), List.of(time.constant("v", 10)), settings, 25);
        assertThat(m.warnings()).anyMatch(w -> w.startsWith("warm-up ended after 100 ms with the JIT still compiling"))
                .anyMatch(w -> w.startsWith("the JIT compiled for 40 ms while samples were taken"));
    }

    @Test
    void stabilityNeedsAWholeWindowWithinTolerance() {
        assertThat(Harness.isStable(List.of(10.0, 10.0), 0.05)).isFalse();
        assertThat(Harness.isStable(List.of(50.0, 10.0, 10.2, 10.4), 0.05)).isTrue();
        assertThat(Harness.isStable(List.of(10.0, 10.0, 11.0), 0.05)).isFalse();
    }
}
