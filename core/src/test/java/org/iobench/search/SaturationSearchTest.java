package org.iobench.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The saturation search over devices whose curves are known, so the knee it reports can be checked exactly. */
class SaturationSearchTest {
    private static final Setting ONE = new Setting(1, 1, 0);

    private static Curve search(FakeDevice d, Axis axis, int max) throws IOException {
        return new SaturationSearch(d, SaturationRules.DEFAULT).run(ONE, axis, max);
    }

    @Test
    void aDeviceThatScalesLinearlyTo8ThreadsHasItsKneeAt8() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * Math.min(t, 8), t -> 100_000.0 * t);
        Curve c = search(d, Axis.THREADS, 256);
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L, 32L);
        assertThat(c.stop()).isEqualTo(Stop.PLATEAU);
        assertThat(c.knee().setting().threads()).isEqualTo(8);
        assertThat(c.best().iops()).isEqualTo(8000);
        assertThat(c.best().setting().threads()).isEqualTo(8);
    }

    @Test
    void aSmallGainAfterTheKneeDoesNotMoveIt() throws IOException {
        // 4 -> 8 gains 10 %: still growth; 8 -> 16 gains 4 %, 8 -> 32 gains 4.9 %: flat over two steps
        double[] byLog = {1000, 1900, 3600, 3960, 4118, 4154, 4160};
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS,
                t -> byLog[Integer.numberOfTrailingZeros(t)], t -> 50_000.0 * t);
        Curve c = search(d, Axis.THREADS, 64);
        assertThat(c.knee().setting().threads()).isEqualTo(8);
        assertThat(c.best().setting().threads()).as("best is the highest throughput measured").isEqualTo(32);
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L, 32L);
    }

    @Test
    void aGainOfExactlyFivePercentStillCountsAsGrowth() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> t <= 2 ? 1000.0 * t : 2000 * Math.pow(1.05,
                Integer.numberOfTrailingZeros(t) - 1), t -> 1000.0);
        Curve c = search(d, Axis.THREADS, 16);
        assertThat(c.stop()).isEqualTo(Stop.LIMIT);
        assertThat(c.knee()).isNull();
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L);
    }

    @Test
    void aThroughputDropAfterThePeakStopsTheSearchWithTheKneeAtThePeak() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> t <= 4 ? 1000.0 * t : 4000.0 / (t / 4.0),
                t -> 1000.0 * t);
        Curve c = search(d, Axis.THREADS, 256);
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L);
        assertThat(c.knee().setting().threads()).isEqualTo(4);
        assertThat(c.best().setting().threads()).isEqualTo(4);
    }

    @Test
    void explodingLatencyStopsTheSearchAndTheKneeIsTheStepBefore() throws IOException {
        // throughput still grows at 16, but its p99 is 10x that of 8
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> t < 16 ? 200_000.0 : 2_000_000.0);
        Curve c = search(d, Axis.THREADS, 256);
        assertThat(c.stop()).isEqualTo(Stop.LATENCY_EXPLODED);
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L);
        assertThat(c.knee().setting().threads()).isEqualTo(8);
        assertThat(c.best().setting().threads()).as("the exploded point is not recommended").isEqualTo(8);
    }

    @Test
    void theIodepthAxisKeepsTheThreadsAndRaisesTheDepth() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.IODEPTH, q -> 10_000.0 * Math.min(q, 32), q -> 20_000.0 * q);
        Curve c = new SaturationSearch(d, SaturationRules.DEFAULT).run(new Setting(2, 1, 0), Axis.IODEPTH, 256);
        assertThat(c.knee().setting()).isEqualTo(new Setting(2, 32, 0));
        assertThat(d.asked).allMatch(s -> s.threads() == 2);
    }

    @Test
    void reachingMaxWhileStillGrowingReportsNoKnee() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 1000.0);
        Curve c = search(d, Axis.THREADS, 48);
        assertThat(d.levelsAsked()).containsExactly(1L, 2L, 4L, 8L, 16L, 32L, 48L);
        assertThat(c.stop()).isEqualTo(Stop.LIMIT);
        assertThat(c.knee()).isNull();
        assertThat(c.best().setting().threads()).isEqualTo(48);
    }

    @Test
    void aStepCutShortEndsTheSearchAndIsNotRecommended() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 1000.0).failingAt(2);
        Curve c = search(d, Axis.THREADS, 64);
        assertThat(c.stop()).isEqualTo(Stop.INCOMPLETE);
        assertThat(c.points()).hasSize(3);
        assertThat(c.best().setting().threads()).isEqualTo(2);
    }

    @Test
    void theKneeIsTheFirstPointTheNextTwoStepsDoNotBeatByFivePercent() {
        SaturationRules r = SaturationRules.DEFAULT;
        java.util.List<Point> pts = java.util.stream.IntStream.of(100, 200, 300, 310, 314, 400, 401, 402)
                .mapToObj(v -> Point.of(new Setting(1, 1, 0), v, v, org.iobench.result.LatencySummary.EMPTY))
                .toList();
        assertThat(Knee.find(pts, r)).isSameAs(pts.get(2));
        assertThat(Knee.find(pts.subList(0, 4), r)).as("one flat step is not a plateau").isNull();
    }

    @Test
    void autoClimbsThreadsThenDepthAtTheKneesThreadCount() throws IOException {
        // threads scale to 4 (CPU-bound submitters), then each thread's queue scales to depth 8
        FakeDevice d = FakeDevice.bySetting(s -> 1000.0 * Math.min(s.threads(), 4) * Math.min(s.iodepth(), 8),
                s -> 100_000.0 * s.iodepth());
        Curve c = new SaturationSearch(d, SaturationRules.DEFAULT).run(ONE, Axis.AUTO, 64);
        assertThat(d.asked).containsExactly(new Setting(1, 1, 0), new Setting(2, 1, 0), new Setting(4, 1, 0),
                new Setting(8, 1, 0), new Setting(16, 1, 0),
                new Setting(4, 2, 0), new Setting(4, 4, 0), new Setting(4, 8, 0), new Setting(4, 16, 0),
                new Setting(4, 32, 0));
        assertThat(c.knee().setting()).isEqualTo(new Setting(4, 8, 0));
        assertThat(c.best().iops()).isEqualTo(32_000);
        assertThat(c.stop()).isEqualTo(Stop.PLATEAU);
        assertThat(c.sorted()).as("in the order measured").isEqualTo(c.points());
    }

    @Test
    void autoWithADepthThatBuysNothingKeepsTheThreadsKnee() throws IOException {
        FakeDevice d = FakeDevice.bySetting(s -> 1000.0 * Math.min(s.threads(), 4), s -> 100_000.0);
        Curve c = new SaturationSearch(d, SaturationRules.DEFAULT).run(ONE, Axis.AUTO, 64);
        assertThat(c.knee().setting()).isEqualTo(new Setting(4, 1, 0));
        assertThat(d.asked.subList(5, d.asked.size())).containsExactly(new Setting(4, 2, 0), new Setting(4, 4, 0));
    }
}
