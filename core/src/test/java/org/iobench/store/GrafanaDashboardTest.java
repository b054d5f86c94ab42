package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iobench.history.StoredChangePoints;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every query of docs/grafana-dashboard.json, run as Grafana runs it (its macros expanded) against a PostgreSQL
 * store iobench saved to ({@code IOBENCH_TEST_PG_URL}; skipped without one, and {@code .ci/check-skips} fails then):
 * the panels return each run's MB/s and p99 as the store holds them, and the change points the store keeps.
 */
class GrafanaDashboardTest {
    private static final Path DASHBOARD = Path.of("..", "docs", "grafana-dashboard.json");
    private String url;

    @BeforeEach
    void schema() throws Exception {
        url = Databases.freshSchema(Databases.postgres());
    }

    @AfterEach
    void drop() {
        if (url != null) {
            Databases.dropSchema(url);
        }
    }

    /** A panel's or annotation's SQL as Grafana sends it: the time range over 2026, the label variable kernel. */
    static String expand(String sql) {
        String out = sql.replaceAll("\\$__timeFilter\\(([^()]*(?:\\([^()]*\\))?[^()]*)\\)",
                        "$1 BETWEEN '2026-01-01T00:00:00Z' AND '2027-01-01T00:00:00Z'")
                .replace("${label}", "kernel").replace("$label", "kernel");
        assertThat(out).as("a Grafana macro or variable left in\n%s", out).doesNotContain("$");
        return out;
    }

    static List<Map<String, Object>> query(Connection c, String sql) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData m = rs.getMetaData();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    row.put(m.getColumnLabel(i), rs.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void everyPanelReturnsTheRunsFiguresAndTheStoredChangePoints() throws Exception {
        // 16 runs of randread (kernel 6.1 then, from the ninth, 6.2 at 130 MB/s) and 16 flat ones of randwrite
        List<Long> ids = new ArrayList<>();
        List<StoredChangePoint> changes;
        Map<Long, StoredRun> runs = new HashMap<>();
        Map<Long, Double> p99 = new HashMap<>();
        try (ResultStore store = ResultStore.open(url, StoredChangePoints.DEFAULTS)) {
            for (int i = 0; i < 16; i++) {
                Map<String, String> kernel = Map.of("kernel", i < 8 ? "6.1" : "6.2");
                ids.add(store.save(StoredChangePointsTest.run(RwMode.RANDREAD, i, 8, 130, kernel)));
                ids.add(store.save(StoredChangePointsTest.run(RwMode.RANDWRITE, i, 99, 0, kernel)));
            }
            changes = store.changePoints();
            store.find(RunQuery.ALL).forEach(r -> runs.put(r.id(), r));
            for (long id : ids) {
                p99.put(id, store.result(id).orElseThrow().summary().p99LatencyNs().mean());
            }
        }
        assertThat(changes).singleElement().satisfies(c -> assertThat(c.runId()).isEqualTo(ids.get(16)));
        StoredChangePoint change = changes.getFirst();

        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode t : panel.get("targets")) {
                queries.put("panel " + panel.get("title").asText(), t.get("rawSql").asText());
            }
        }
        for (JsonNode a : dashboard.get("annotations").get("list")) {
            assertThat(a.get("rawQuery").asText()).isEqualTo(a.get("target").get("rawSql").asText());
            queries.put("annotation " + a.get("name").asText(), a.get("target").get("rawSql").asText());
        }
        for (JsonNode v : dashboard.get("templating").get("list")) {
            if (v.has("query") && v.get("type").asText().equals("query")) {
                queries.put("variable " + v.get("name").asText(), v.get("query").asText());
            }
        }
        assertThat(queries).hasSize(5 + 2 + 1); // panels, annotations, the label variable

        try (Connection c = DriverManager.getConnection(url)) {
            Map<String, List<Map<String, Object>>> results = new LinkedHashMap<>();
            for (Map.Entry<String, String> q : queries.entrySet()) {
                List<Map<String, Object>> rows = query(c, expand(q.getValue()));
                assertThat(rows).as(q.getKey()).isNotEmpty();
                results.put(q.getKey(), rows);
            }
            results.forEach((name, rows) -> {
                if (name.startsWith("panel Throughput")) {
                    assertThat(rows).hasSize(32);
                    for (Map<String, Object> row : rows) {
                        assertThat(row.get("metric").toString()).contains("kernel=6.");
                    }
                    assertThat(rows.stream().map(r -> ((Number) r.get("MB/s")).doubleValue()).toList())
                            .containsExactlyInAnyOrderElementsOf(ids.stream()
                                    .map(id -> runs.get(id).meanBytesPerSecond() / 1e6).toList());
                } else if (name.startsWith("panel p99")) {
                    assertThat(rows).hasSize(32);
                    assertThat(rows.stream().map(r -> ((Number) r.get("p99 ms")).doubleValue()).toList())
                            .containsExactlyInAnyOrderElementsOf(ids.stream().map(id -> p99.get(id) / 1e6).toList());
                } else if (name.startsWith("panel Change points")) {
                    Map<String, Object> row = rows.getFirst();
                    assertThat(rows).hasSize(1);
                    assertThat(((Number) row.get("first run after")).longValue()).isEqualTo(change.runId());
                    assertThat(((Number) row.get("last run before")).longValue()).isEqualTo(change.runBefore());
                    assertThat(((Number) row.get("change %")).doubleValue()).isCloseTo(change.changePercent(),
                            within(1e-9));
                    assertThat(((Number) row.get("before")).doubleValue()).isCloseTo(change.meanBefore(),
                            within(1e-9));
                    assertThat(row.get("kernel before")).isEqualTo("6.1");
                    assertThat(row.get("kernel after")).isEqualTo("6.2");
                    assertThat(row.get("workload")).isEqualTo(change.workload());
                } else if (name.equals("annotation change points")) {
                    assertThat(rows).singleElement().satisfies(r -> assertThat(r.get("text").toString())
                            .startsWith(change.workload() + ": +" + String.format("%.1f", change.changePercent()))
                            .contains("runs " + change.runBefore() + " -> " + change.runId()));
                } else if (name.startsWith("panel Where") || name.startsWith("annotation")) {
                    assertThat(rows).hasSize(2); // one per workload, where 6.1 became 6.2
                    assertThat(rows).allSatisfy(r -> assertThat(r.get("text")).isEqualTo("kernel 6.1 -> 6.2"));
                } else if (name.startsWith("panel Latest")) {
                    assertThat(rows).hasSize(32);
                    assertThat(((Number) rows.getFirst().get("run")).longValue()).isEqualTo(ids.getLast());
                } else if (name.startsWith("variable")) {
                    assertThat(rows).singleElement().satisfies(r -> assertThat(r.values()).containsExactly("kernel"));
                }
            });
        }
    }
}
