package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A selection costs what it selects: SQLite's plan of each selector term reads runs through an index, never every
 * row of the store (a store of a team's CI holds 10^6 runs; bench/scale-store.sh times them). The plans are
 * SQLite's {@code EXPLAIN QUERY PLAN} of the queries {@link RunReader} runs.
 */
class SqlitePlanTest {
    @TempDir
    static Path dir;
    private static String url;

    @BeforeAll
    static void store() {
        url = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(url)) {
            List<NewRun> runs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                runs.add(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.RANDREAD, 4096, 1, true, 1e8, 1.1e8),
                        Map.of("commit", "c" + i, "branch", "main"), StoreFixtures.T0.plusSeconds(60L * i)));
            }
            store.saveAll(runs);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"label:commit=c3", "commit=c3,c4", "label:branch", "branch=main,last:10",
            "name:randread-4KiB", "name:randread-4KiB,branch=main", "source:fio", "rw:randread,bs:4k", "id:3",
            "id:2-4", "since:2026-11-02T10:02", "until:2026-11-02T10:02", "target:/dev/md0", "target:/dev/*",
            "target:/srv/data/", "last:20", "last"})
    void eachSelectorTermReadsThroughAnIndex(String selector) throws SQLException {
        RunQuery q = Selector.parse("runs", selector, Instant.parse("2026-11-03T00:00:00Z"));
        RunFilter filter = RunFilter.of(q, SqlDialect.SQLITE);
        List<String> plan = plan(RunReader.findSql(q, filter), filter.args());
        // "SCAN runs" reads every row; the one scan allowed is of the time index with a LIMIT: last:N with no other
        // term stops after N index entries
        boolean onlyLast = filter.args().isEmpty() && q.last() > 0;
        for (String line : plan) {
            if (line.startsWith("SCAN")) {
                assertThat(onlyLast && line.matches("SCAN runs USING (COVERING )?INDEX runs_by_created_at"))
                        .as("%s: %s", selector, plan).isTrue();
            }
        }
        assertThat(plan).as(selector).anySatisfy(l -> assertThat(l).matches("(SEARCH|SCAN) runs USING .*"));
    }

    @Test
    void aLabelIsReadFromItsIndexNotProbedForEveryRun() throws SQLException {
        RunQuery q = Selector.parse("runs", "commit=c3", Instant.now());
        RunFilter filter = RunFilter.of(q, SqlDialect.SQLITE);
        assertThat(plan(RunReader.findSql(q, filter), filter.args()))
                .contains("SEARCH run_labels USING INDEX run_labels_by_key_value (label_key=? AND label_value=?)")
                .noneMatch(l -> l.contains("CORRELATED"));
    }

    @Test
    void theSelectionsLabelsAndSamplesAreReadByRunId() throws SQLException {
        assertThat(plan("SELECT run_id, label_key, label_value FROM run_labels WHERE run_id IN (?, ?)", List.of(1L, 2L)))
                .allMatch(l -> l.startsWith("SEARCH run_labels USING"));
        assertThat(plan("SELECT run_id, repetition FROM samples WHERE complete = ? AND run_id IN (?, ?)"
                + " ORDER BY run_id, repetition", List.of(true, 1L, 2L)))
                .allMatch(l -> l.startsWith("SEARCH samples USING"));
    }

    @Test
    void theSelectorsStillSelectWhatTheySelected() {
        try (ResultStore store = ResultStore.open(url)) {
            assertThat(store.find(Selector.parse("runs", "commit=c3,c4", Instant.now()))).hasSize(2);
            assertThat(store.find(Selector.parse("runs", "branch=main,last:4", Instant.now()))).hasSize(4)
                    .first().extracting(r -> r.labels().get("commit")).isEqualTo("c5");
            assertThat(store.find(Selector.parse("runs", "target:/dev/*", Instant.now()))).hasSize(6);
            assertThat(store.find(Selector.parse("runs", "target:/dev/md*", Instant.now()))).hasSize(6);
            assertThat(store.find(Selector.parse("runs", "target:/dev/MD*", Instant.now()))).isEmpty();
            assertThat(store.find(Selector.parse("runs", "target:/dev/md0", Instant.now()))).hasSize(6);
            assertThat(store.find(Selector.parse("runs", "target:/dev/md", Instant.now()))).isEmpty();
        }
    }

    /** The plan's lines, without the tree's drawing ({@code |--}, {@code `--}). */
    private static List<String> plan(String sql, List<?> args) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = new org.sqlite.JDBC().connect(url, new Properties());
             PreparedStatement p = Jdbc.prepare(c, "EXPLAIN QUERY PLAN " + sql, args);
             ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString("detail"));
            }
        }
        return out;
    }
}
