package org.iobench.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.iobench.result.TestId;

/** The SQL that reads runs back: listed runs, their samples and their documents; callers hold the transaction. */
final class RunReader {
    private static final String RUN_COLUMNS = "id, created_at, source, name, rw, block_size, threads, iodepth, direct,"
            + " sync, engine, target, repetitions, complete, mean_bytes_per_second, mean_iops, note, test, test_member,"
            + " test_members, COALESCE(test_run, id) AS test_run_or_id, origin, target_kind, findings";

    private final Connection connection;
    private final SqlDialect dialect;

    RunReader(Connection connection, SqlDialect dialect) {
        this.connection = connection;
        this.dialect = dialect;
    }

    /** Runs matching {@code q} with their labels, newest first (by creation time, then id). */
    List<StoredRun> find(RunQuery q) throws SQLException {
        RunFilter filter = RunFilter.of(q, dialect);
        String sql = findSql(q, filter);
        List<StoredRun> runs = new ArrayList<>();
        try (PreparedStatement p = Jdbc.prepare(connection, sql, filter.args()); ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                runs.add(run(rs));
            }
        }
        Map<Long, Map<String, String>> labels = labels(runs.stream().map(StoredRun::id).toList());
        return runs.stream().map(r -> r.withLabels(
                Collections.unmodifiableMap(labels.getOrDefault(r.id(), new TreeMap<>())))).toList();
    }

    /** The query of {@link #find}: its plan is what a selection costs ({@code SqlitePlanTest}). */
    static String findSql(RunQuery q, RunFilter filter) {
        return "SELECT " + RUN_COLUMNS + " FROM runs" + filter.sql() + " ORDER BY created_at DESC, id DESC"
                + (q.last() > 0 ? " LIMIT " + q.last() : "");
    }

    /** The run on {@code rs}'s row of {@link #RUN_COLUMNS}, its columns read by name. */
    private static StoredRun run(ResultSet rs) throws SQLException {
        String testName = rs.getString("test");
        String origin = rs.getString("origin");
        TestId test = testName == null ? null
                : new TestId(testName, rs.getInt("test_member"), rs.getInt("test_members"), origin);
        String engine = rs.getString("engine");
        WorkloadKey key = new WorkloadKey(rs.getString("rw"), rs.getLong("block_size"), rs.getInt("threads"),
                rs.getInt("iodepth"), rs.getBoolean("direct"), rs.getString("sync"), WorkloadKey.enginePart(engine),
                testName, origin, rs.getString("target_kind"));
        String findings = rs.getString("findings");
        return new StoredRun(rs.getLong("id"), Instant.parse(rs.getString("created_at")), rs.getString("source"),
                rs.getString("name"), key, engine, StoredTarget.userPath(rs.getString("target")),
                rs.getInt("repetitions"), rs.getBoolean("complete"), Jdbc.getDouble(rs, "mean_bytes_per_second"),
                Jdbc.getDouble(rs, "mean_iops"), Map.of(), rs.getString("note"), test, rs.getLong("test_run_or_id"),
                findings == null || findings.isBlank() ? List.of() : List.of(findings.split(",")));
    }

    private Map<Long, Map<String, String>> labels(List<Long> ids) throws SQLException {
        Map<Long, Map<String, String>> out = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += Jdbc.CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + Jdbc.CHUNK));
            String sql = "SELECT run_id, label_key, label_value FROM run_labels WHERE run_id IN ("
                    + Jdbc.placeholders(chunk.size()) + ")";
            try (PreparedStatement p = Jdbc.prepare(connection, sql, chunk); ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getLong("run_id"), k -> new TreeMap<>())
                            .put(rs.getString("label_key"), rs.getString("label_value"));
                }
            }
        }
        return out;
    }

    /** The complete repetitions of {@code runs}, oldest run first: samples in the order they were taken. */
    List<Sample> samples(List<StoredRun> runs) throws SQLException {
        Map<Long, StoredRun> byId = new LinkedHashMap<>();
        runs.forEach(r -> byId.put(r.id(), r));
        List<Long> ids = new ArrayList<>(byId.keySet());
        Collections.reverse(ids);
        Map<Long, Integer> position = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            position.put(ids.get(i), i);
        }
        List<Sample> out = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += Jdbc.CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + Jdbc.CHUNK));
            String sql = "SELECT run_id, repetition, bytes_per_second, iops, bytes, elapsed_ns, sync_ns FROM samples"
                    + " WHERE complete = ?"
                    + " AND run_id IN (" + Jdbc.placeholders(chunk.size()) + ") ORDER BY run_id, repetition";
            List<Object> args = new ArrayList<>();
            args.add(Boolean.TRUE);
            args.addAll(chunk);
            List<Sample> part = new ArrayList<>();
            try (PreparedStatement p = Jdbc.prepare(connection, sql, args); ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    StoredRun r = byId.get(rs.getLong("run_id"));
                    long bytes = rs.getLong("bytes");
                    SampleTiming timing = rs.wasNull() ? null
                            : new SampleTiming(bytes, rs.getLong("elapsed_ns"), rs.getLong("sync_ns"));
                    part.add(new Sample(r.id(), rs.getInt("repetition"), r.workload(), r.labels(),
                            Jdbc.getDouble(rs, "bytes_per_second"), Jdbc.getDouble(rs, "iops"), r.test(), r.testRun(),
                            timing, r.findings()));
                }
            }
            part.sort(Comparator.comparingInt(s -> position.get(s.runId())));
            out.addAll(part);
        }
        return out;
    }

    /** A document column of run {@code id} with the row's document version. */
    record Document(String json, int version) {}

    /** @param column {@code result} or {@code environment} */
    Optional<Document> document(long id, String column) throws SQLException {
        if (!column.equals("result") && !column.equals("environment")) {
            throw new IllegalArgumentException("column: " + column);
        }
        try (PreparedStatement p = connection.prepareStatement(
                "SELECT " + column + ", document_version FROM runs WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(new Document(rs.getString(column), rs.getInt("document_version")))
                        : Optional.empty();
            }
        }
    }
}
