package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.iobench.compare.Metric;
import org.iobench.history.ChangePointOptions;
import org.iobench.history.Histories;
import org.iobench.history.HistoryOrder;
import org.iobench.history.HistorySet;
import org.iobench.history.StoredChangePoints;
import org.iobench.history.WorkloadHistory;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store keeps each series' change points (change_points): found again at every save and delete of its shape,
 * they are always what {@code iobench history} finds over the whole store with its defaults.
 */
class StoredChangePointsTest {
    @TempDir
    Path dir;

    /** Run {@code i} of a series: 100 MB/s before run {@code step}, {@code after} MB/s from it, 3 repetitions. */
    static NewRun run(RwMode rw, int i, int step, double after, Map<String, String> labels) {
        double mbs = i < step ? 100 : after;
        double wobble = (i % 3 - 1) * 0.4;
        return StoreFixtures.run(StoreFixtures.result("/dev/md0", rw, 4096, 1, true, 4000 + 100L * (i % 2),
                (mbs + wobble) * 1e6, (mbs + wobble + 0.3) * 1e6, (mbs + wobble - 0.3) * 1e6), labels,
                StoreFixtures.T0.plusSeconds(3600L * i));
    }

    /** What iobench history finds over every stored run, as the store names its change points. */
    static List<String> historyOf(ResultStore store) {
        List<Sample> samples = store.samples(RunQuery.ALL);
        Map<Long, Instant> times = new HashMap<>();
        store.find(RunQuery.ALL).forEach(r -> times.put(r.id(), r.createdAt()));
        HistorySet set = Histories.build(samples, times, HistoryOrder.TIME, Metric.MB_S, ChangePointOptions.DEFAULTS);
        List<String> out = new ArrayList<>();
        for (int w = 0; w < set.workloads().size(); w++) {
            WorkloadHistory h = set.workloads().get(w);
            for (var c : h.changePoints()) {
                out.add(set.labels().get(w) + " #" + h.points().get(c.index() - 1).runIds().getLast() + " -> #"
                        + h.points().get(c.index()).runIds().getFirst() + String.format(" %.6f %.4f",
                        c.changePercent(), c.pValue()));
            }
        }
        return out;
    }

    static List<String> stored(ResultStore store) {
        return store.changePoints().stream().map(c -> c.workload() + " #" + c.runBefore() + " -> #" + c.runId()
                + String.format(" %.6f %.4f", c.changePercent(), c.pValue())).toList();
    }

    @Test
    void everySaveFindsItsSeriesChangePointsAgainAsHistoryDoes() {
        String url = Databases.sqlite(dir);
        List<Long> reads = new ArrayList<>();
        try (ResultStore store = ResultStore.open(url, StoredChangePoints.DEFAULTS)) {
            for (int i = 0; i < 16; i++) {
                reads.add(store.save(run(RwMode.RANDREAD, i, 8, 130, Map.of())));
                store.save(run(RwMode.RANDWRITE, i, 99, 0, Map.of())); // flat: no change point
                if (i == 7) {
                    assertThat(store.changePoints()).isEmpty();
                }
            }
            List<StoredChangePoint> found = store.changePoints();
            assertThat(found).hasSize(1);
            StoredChangePoint c = found.getFirst();
            assertThat(c.runBefore()).isEqualTo(reads.get(7));
            assertThat(c.runId()).isEqualTo(reads.get(8));
            assertThat(c.metric()).isEqualTo("MB/s");
            assertThat(c.workload()).startsWith("randread 4KiB");
            assertThat(c.meanBefore()).isCloseTo(100, org.assertj.core.data.Offset.offset(0.5));
            assertThat(c.meanAfter()).isCloseTo(130, org.assertj.core.data.Offset.offset(0.5));
            assertThat(stored(store)).isEqualTo(historyOf(store));

            // deleting the run after the change moves it to the next run; the table never names a deleted run
            store.delete(reads.get(8));
            assertThat(store.changePoints()).singleElement().satisfies(d -> {
                assertThat(d.runBefore()).isEqualTo(reads.get(7));
                assertThat(d.runId()).isEqualTo(reads.get(9));
            });
            assertThat(stored(store)).isEqualTo(historyOf(store));

            // several at once (iobench delete SELECTOR): each told of, the shape searched again once at the end
            List<Long> told = new ArrayList<>();
            store.delete(List.of(reads.get(9), reads.get(10), 99_999L), told::add);
            assertThat(told).containsExactly(reads.get(9), reads.get(10));
            assertThat(store.changePoints()).singleElement()
                    .satisfies(d -> assertThat(d.runId()).isEqualTo(reads.get(11)));
            assertThat(stored(store)).isEqualTo(historyOf(store));
        }
        try (ResultStore plain = ResultStore.open(url)) {
            // opened without a finder (as tests and libraries may): saves leave the table as it was
            plain.save(run(RwMode.RANDREAD, 16, 8, 130, Map.of()));
            assertThat(plain.changePoints()).hasSize(1);
        }
    }

    @Test
    void aStoreSavedBeforeTheTableHasItsChangePointsFoundAtTheFirstOpenWithAFinder() throws Exception {
        String url = Databases.sqlite(dir);
        try (ResultStore old = ResultStore.open(url, ChangePoints.SINCE_VERSION - 1)) {
            for (int i = 0; i < 16; i++) {
                old.save(run(RwMode.READ, i, 8, 70, Map.of()));
            }
        }
        try (ResultStore plain = ResultStore.open(url)) {
            assertThat(plain.schemaVersion()).isEqualTo(Migrations.CURRENT);
            assertThat(plain.changePoints()).isEmpty(); // no finder: still pending
        }
        try (ResultStore store = ResultStore.open(url, StoredChangePoints.DEFAULTS)) {
            assertThat(store.changePoints()).singleElement()
                    .satisfies(c -> assertThat(c.changePercent()).isCloseTo(-30, org.assertj.core.data.Offset.offset(1.0)));
            assertThat(stored(store)).isEqualTo(historyOf(store));
        }
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM change_points_pending")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }

    @Test
    void aLongSeriesIsSearchedOverItsShapesNewestThousandRunsAsHistoryLast1000Is() {
        String url = Databases.sqlite(dir);
        int runs = ChangePoints.WINDOW + 30;
        List<NewRun> all = new ArrayList<>();
        for (int i = 0; i < runs - 1; i++) {
            // a step at run 10 (before the window) and one at run runs - 20 (inside it)
            all.add(run(RwMode.WRITE, i, 10, i < runs - 20 ? 120 : 90, Map.of()));
        }
        try (ResultStore plain = ResultStore.open(url)) {
            plain.saveAll(all);
        }
        try (ResultStore store = ResultStore.open(url, StoredChangePoints.DEFAULTS)) {
            long last = store.save(run(RwMode.WRITE, runs - 1, 10, 90, Map.of()));
            List<StoredChangePoint> found = store.changePoints();
            assertThat(found).singleElement().satisfies(c -> {
                assertThat(c.runId()).isEqualTo(last - 19);
                assertThat(c.changePercent()).isCloseTo(-25, org.assertj.core.data.Offset.offset(1.0));
            });
            // the same as iobench history rw:write bs:4k last:1000
            RunQuery window = new RunQuery(List.of(), Map.of(), List.of(), null, null, java.util.Set.of(),
                    java.util.Set.of(), java.util.Set.of("write"), java.util.Set.of(4096L), ChangePoints.WINDOW);
            List<Sample> samples = store.samples(window);
            Map<Long, Instant> times = new HashMap<>();
            store.find(window).forEach(r -> times.put(r.id(), r.createdAt()));
            HistorySet set = Histories.build(samples, times, HistoryOrder.TIME, Metric.MB_S,
                    ChangePointOptions.DEFAULTS);
            assertThat(set.workloads()).singleElement().satisfies(h -> assertThat(h.changePoints()).singleElement()
                    .satisfies(c -> assertThat(h.points().get(c.index()).runIds()).containsExactly(last - 19)));
        }
    }

    @Test
    void anEmptyStoreHasNothingPending() throws Exception {
        String url = Databases.sqlite(dir);
        ResultStore.open(url, StoredChangePoints.DEFAULTS).close();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM change_points_pending")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }
}
