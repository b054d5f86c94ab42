package org.iobench.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * A search concluded again from its stored steps gives what the search gave (knee, best, stop, the same points),
 * for every kind of search and stop; steps that are not a whole search conclude nothing.
 */
class SearchReplayTest {
    private static final Setting ONE = new Setting(1, 1, 0);

    @FunctionalInterface
    interface Search {
        Curve run(PointMeasurer m) throws IOException;
    }

    static Stream<Arguments> searches() {
        LatencyTarget p99at2ms = LatencyTarget.parse("p99=2ms");
        return Stream.of(
                Arguments.of("plateau at 8 threads", Axis.THREADS, null,
                        FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * Math.min(t, 8), t -> 1e5 * t),
                        (Search) m -> new SaturationSearch(m, SaturationRules.DEFAULT).run(ONE, Axis.THREADS, 256)),
                Arguments.of("still growing at --max 48", Axis.THREADS, null,
                        FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 1e5),
                        (Search) m -> new SaturationSearch(m, SaturationRules.DEFAULT).run(ONE, Axis.THREADS, 48)),
                Arguments.of("latency exploded past 8", Axis.IODEPTH, null,
                        FakeDevice.byLevel(Axis.IODEPTH, q -> 1000.0 * q, q -> q > 8 ? 1e8 : 1e5),
                        (Search) m -> new SaturationSearch(m, SaturationRules.DEFAULT).run(ONE, Axis.IODEPTH, 256)),
                Arguments.of("a step cut short", Axis.THREADS, null,
                        FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 1e5).failingAt(2),
                        (Search) m -> new SaturationSearch(m, SaturationRules.DEFAULT).run(ONE, Axis.THREADS, 256)),
                Arguments.of("auto: threads, then depth", Axis.AUTO, null,
                        FakeDevice.bySetting(s -> 1000.0 * Math.min(s.threads(), 4) * Math.min(s.iodepth(), 8),
                                s -> 1e5 * s.iodepth()),
                        (Search) m -> new SaturationSearch(m, SaturationRules.DEFAULT).run(ONE, Axis.AUTO, 64)),
                Arguments.of("latency target, bisected 4 times", Axis.THREADS, p99at2ms,
                        FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 200_000.0 * t),
                        (Search) m -> new LatencySearch(m, SaturationRules.DEFAULT, 4).run(ONE, Axis.THREADS, 256,
                                p99at2ms)),
                Arguments.of("latency target, bisected once", Axis.THREADS, p99at2ms,
                        FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * t, t -> 200_000.0 * t),
                        (Search) m -> new LatencySearch(m, SaturationRules.DEFAULT, 1).run(ONE, Axis.THREADS, 256,
                                p99at2ms)),
                Arguments.of("latency target on a plateau", Axis.THREADS, LatencyTarget.parse("p99=10ms"),
                        FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * Math.min(t, 4), t -> 100_000.0 * t),
                        (Search) m -> new LatencySearch(m, SaturationRules.DEFAULT, 4).run(ONE, Axis.THREADS, 256,
                                LatencyTarget.parse("p99=10ms"))),
                Arguments.of("highest rate within p99 1ms", Axis.RATE, LatencyTarget.parse("p99=1ms"),
                        FakeDevice.byRate(10_000, 5_000_000, r -> 100_000 / (1 - Math.min(r, 9999.99) / 10_000)),
                        (Search) m -> new LatencySearch(m, SaturationRules.DEFAULT, 6).run(ONE, Axis.RATE, 0,
                                LatencyTarget.parse("p99=1ms"))),
                Arguments.of("unthrottled meets the target", Axis.RATE, LatencyTarget.parse("p99=10ms"),
                        FakeDevice.byRate(10_000, 500_000, r -> 100_000),
                        (Search) m -> new LatencySearch(m, SaturationRules.DEFAULT, 6).run(ONE, Axis.RATE, 0,
                                LatencyTarget.parse("p99=10ms"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("searches")
    void theStoredStepsConcludeAsTheSearchDid(String what, Axis axis, LatencyTarget target, FakeDevice device,
                                              Search search) throws IOException {
        Curve measured = search.run(device);
        Curve replayed = SearchReplay.of(axis, target, measured.points()).orElseThrow();
        assertThat(replayed).isEqualTo(measured);
        assertThat(replayed.knee()).isSameAs(measured.knee());
        assertThat(replayed.best()).isSameAs(measured.best());
    }

    @Test
    void stepsThatAreNotAWholeSearchConcludeNothing() throws IOException {
        FakeDevice d = FakeDevice.byLevel(Axis.THREADS, t -> 1000.0 * Math.min(t, 8), t -> 1e5 * t);
        Curve c = new SaturationSearch(d, SaturationRules.DEFAULT).run(ONE, Axis.THREADS, 256);
        List<Point> missing = new ArrayList<>(c.points());
        missing.remove(2);
        assertThat(SearchReplay.of(Axis.THREADS, null, missing)).as("a step deleted").isEmpty();
        List<Point> more = new ArrayList<>(c.points());
        more.add(Point.of(new Setting(3, 1, 0), 3000, 3000 * 4096, c.points().getFirst().latency()));
        assertThat(SearchReplay.of(Axis.THREADS, null, more)).as("a step the search never asked").isEmpty();
        assertThat(SearchReplay.of(Axis.RATE, null, c.points())).as("a rate search needs its target").isEmpty();
        assertThat(SearchReplay.of(Axis.THREADS, null, List.of())).isEmpty();

        FakeDevice t = FakeDevice.byLevel(Axis.THREADS, n -> 1000.0 * n, n -> 200_000.0 * n);
        Curve targeted = new LatencySearch(t, SaturationRules.DEFAULT, 4).run(ONE, Axis.THREADS, 256,
                LatencyTarget.parse("p99=2ms"));
        assertThat(SearchReplay.of(Axis.THREADS, LatencyTarget.parse("p99=5ms"), targeted.points()))
                .as("another target asks other steps").isEmpty();
    }

    @Test
    void theSeriesLabelNamesTheSearchAndReadsBack() {
        SearchSeries s = new SearchSeries(Axis.IODEPTH, LatencyTarget.parse("p99.9=500us"), "randread-4KiB",
                "2026-12-02T16:50:00Z");
        assertThat(s.label()).isEqualTo("saturate iodepth p99.9<=500us randread-4KiB 2026-12-02T16:50:00Z");
        assertThat(SearchSeries.parse(s.label())).contains(s);
        SearchSeries plain = new SearchSeries(Axis.THREADS, null, "my job", "2026-12-02T16:50:00Z");
        assertThat(SearchSeries.parse(plain.label())).contains(plain);
        assertThat(SearchSeries.parse("sweep 2026-12-02T16:50:00Z")).isEmpty();
        assertThat(SearchSeries.parse("saturate sideways x 2026")).isEmpty();
        assertThat(SearchSeries.parse(null)).isEmpty();
    }
}
