package org.iobench.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.Stat;
import org.iobench.sysmon.env.Environment;

/**
 * Saved runs in SQLite (a file, WAL journal) or PostgreSQL, through plain JDBC. Opening applies the schema's
 * {@link Migrations}; every save is one transaction, so a process killed while saving leaves either the whole run
 * or nothing. One instance holds one connection and is not thread-safe.
 *
 * <pre>
 * try (ResultStore store = ResultStore.open("jdbc:sqlite:/tmp/r.db")) {
 *     long id = store.save(new NewRun(result, env, Map.of("kernel", "6.1"), null, "iobench", Instant.now()));
 *     List&lt;Sample&gt; s = store.samples(Selector.parse("--base", "kernel=6.1", Instant.now()));
 * }
 * </pre>
 */
public final class ResultStore implements AutoCloseable {
    /** created_at is fixed-width UTC text, so that text order is time order in both databases. */
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);
    private static final int CHUNK = 400;

    private final String url;
    private final Dialect dialect;
    private final Connection connection;
    private final int schemaVersion;

    private ResultStore(String url, Dialect dialect, Connection connection, int schemaVersion) {
        this.url = url;
        this.dialect = dialect;
        this.connection = connection;
        this.schemaVersion = schemaVersion;
    }

    /**
     * Opens (creating a SQLite file, not its directory) and migrates to the current schema.
     *
     * @throws StoreException one line naming the database and the reason
     */
    public static ResultStore open(String jdbcUrl) {
        return open(jdbcUrl, Migrations.CURRENT);
    }

    /** Opens and migrates up to {@code schemaVersion} only: tests of migrations from older versions. */
    static ResultStore open(String jdbcUrl, int schemaVersion) {
        Dialect dialect = Dialect.of(jdbcUrl);
        String where = StoreLocation.describe(jdbcUrl);
        Connection c = null;
        try {
            Properties props = new Properties();
            if (dialect == Dialect.SQLITE) {
                requireDirectory(jdbcUrl);
                // WAL: readers never block the writer and a torn write never reaches the main file. IMMEDIATE:
                // a writing transaction takes the lock at BEGIN, so two savers queue instead of deadlocking.
                props.setProperty("journal_mode", "WAL");
                props.setProperty("synchronous", "FULL");
                props.setProperty("foreign_keys", "true");
                props.setProperty("busy_timeout", "15000");
                props.setProperty("transaction_mode", "IMMEDIATE");
            } else {
                props.setProperty("connectTimeout", "5");
                props.setProperty("ApplicationName", "iobench");
            }
            c = DriverManager.getConnection(jdbcUrl, props);
            int version = Migrations.apply(c, dialect, schemaVersion, where);
            return new ResultStore(jdbcUrl, dialect, c, version);
        } catch (SQLException e) {
            close(c);
            throw new StoreException("cannot open " + where + ": " + oneLine(e), e);
        } catch (RuntimeException e) {
            close(c);
            throw e;
        }
    }

    /**
     * SQLite creates a missing file but not its directory; a missing directory is the user's mistake (a typo in
     * {@code --db}), so it is named rather than created. The default location's directory is made by the caller.
     */
    private static void requireDirectory(String jdbcUrl) {
        StoreLocation.sqliteFile(jdbcUrl).map(Path::getParent).filter(d -> !Files.isDirectory(d)).ifPresent(d -> {
            throw new StoreException("cannot open " + StoreLocation.describe(jdbcUrl) + ": the directory " + d
                    + (Files.exists(d) ? " is not a directory" : " does not exist"));
        });
    }

    public String url() {
        return url;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The schema version after opening. */
    public int schemaVersion() {
        return schemaVersion;
    }

    /** Saves one run in one transaction; returns its id. */
    public long save(NewRun run) {
        return saveAll(List.of(run)).getFirst();
    }

    /** Saves one micro-benchmark variant in one transaction; returns its id. */
    public long save(NewMicroRun run) {
        return saveAll(List.of(run)).getFirst();
    }

    /** Saves runs in one transaction (all or none); returns their ids in order. */
    public List<Long> saveAll(List<? extends RunToSave> runs) {
        return transaction("save to", () -> {
            List<Long> ids = new ArrayList<>();
            for (RunToSave r : runs) {
                ids.add(switch (r) {
                    case NewRun n -> insert(n);
                    case NewMicroRun m -> insert(m);
                });
            }
            return ids;
        });
    }

    /**
     * A micro-benchmark variant: key {@link WorkloadKey#micro}, engine {@code micro}, target the JVM, one sample row
     * per measured sample with its operations per second ({@code 1e9 / ns per op}) as {@code iops}; the report
     * document as {@code result}, its environment object as {@code environment}.
     */
    private long insert(NewMicroRun m) throws SQLException {
        double[] opsPerSecond = m.samplesNanosPerOp().stream().mapToDouble(ns -> 1e9 / ns).toArray();
        double meanNanos = m.samplesNanosPerOp().stream().mapToDouble(Double::doubleValue)
                .filter(ns -> ns > 0 && Double.isFinite(ns)).average().orElse(Double.NaN);
        List<SampleRow> samples = new ArrayList<>();
        for (int r = 0; r < opsPerSecond.length; r++) {
            samples.add(new SampleRow(r + 1, isSample(opsPerSecond[r]), Double.NaN, opsPerSecond[r]));
        }
        return insert(new RunRow(m.createdAt(), m.source(), m.suite(), WorkloadKey.micro(m.suite(), m.variant()),
                NewMicroRun.SOURCE, m.jvm(), opsPerSecond.length,
                Arrays.stream(opsPerSecond).allMatch(ResultStore::isSample), Double.NaN, 1e9 / meanNanos, m.note(),
                m.environment(), m.document(), m.labels(), samples));
    }

    private static boolean isSample(double opsPerSecond) {
        return opsPerSecond > 0 && Double.isFinite(opsPerSecond);
    }

    private long insert(NewRun n) throws SQLException {
        BenchmarkResult b = n.result();
        List<SampleRow> samples = new ArrayList<>();
        for (RunResult r : b.runs()) {
            samples.add(new SampleRow(r.run(), r.complete() && Double.isFinite(r.totals().bytesPerSecond()),
                    r.totals().bytesPerSecond(), r.totals().iops()));
        }
        return insert(new RunRow(n.createdAt(), n.source(), b.job().name(), WorkloadKey.of(b.job()), b.job().engine(),
                StoredTarget.of(b, n.source()), b.runs().size(), b.complete(), b.summary().bytesPerSecond().mean(),
                b.summary().iops().mean(), n.note(), ResultCodec.encode(n.environment()), ResultCodec.encode(b),
                n.labels(), samples));
    }

    /** One row of {@code runs} with its labels and sample rows, whatever produced it (iobench, fio, micro). */
    private record RunRow(java.time.Instant createdAt, String source, String name, WorkloadKey key, String engine,
                          String target, int repetitions, boolean complete, double meanBytesPerSecond,
                          double meanIops, String note, String environment, String document,
                          Map<String, String> labels, List<SampleRow> samples) {}

    /** One repetition's throughput ({@code samples} row). */
    private record SampleRow(int repetition, boolean complete, double bytesPerSecond, double iops) {}

    private long insert(RunRow row) throws SQLException {
        WorkloadKey k = row.key();
        long id;
        try (PreparedStatement p = connection.prepareStatement("""
                INSERT INTO runs (created_at, source, name, rw, block_size, threads, iodepth, direct, sync, engine,
                  target, repetitions, complete, mean_bytes_per_second, mean_iops, note, environment, result)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""")) {
            int i = 1;
            p.setString(i++, TIME.format(row.createdAt()));
            p.setString(i++, row.source());
            p.setString(i++, row.name());
            p.setString(i++, k.rw());
            p.setLong(i++, k.blockSize());
            p.setInt(i++, k.threads());
            p.setInt(i++, k.iodepth());
            p.setBoolean(i++, k.direct());
            p.setString(i++, k.sync());
            p.setString(i++, row.engine());
            p.setString(i++, row.target());
            p.setInt(i++, row.repetitions());
            p.setBoolean(i++, row.complete());
            setDouble(p, i++, row.meanBytesPerSecond());
            setDouble(p, i++, row.meanIops());
            p.setString(i++, row.note());
            p.setString(i++, row.environment());
            p.setString(i, row.document());
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                id = rs.getLong(1);
            }
        }
        insertLabels(id, row.labels());
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO samples (run_id, repetition, complete, bytes_per_second, iops) VALUES (?, ?, ?, ?, ?)")) {
            for (SampleRow r : row.samples()) {
                p.setLong(1, id);
                p.setInt(2, r.repetition());
                p.setBoolean(3, r.complete());
                setDouble(p, 4, r.bytesPerSecond());
                setDouble(p, 5, r.iops());
                p.addBatch();
            }
            p.executeBatch();
        }
        return id;
    }

    private void insertLabels(long id, Map<String, String> labels) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO run_labels (run_id, label_key, label_value) VALUES (?, ?, ?)")) {
            for (Map.Entry<String, String> e : labels.entrySet()) {
                p.setLong(1, id);
                p.setString(2, e.getKey());
                p.setString(3, e.getValue());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** Runs matching {@code q}, newest first (by creation time, then id). */
    public List<StoredRun> find(RunQuery q) {
        return transaction("read", () -> {
            List<Object> args = new ArrayList<>();
            String sql = "SELECT id, created_at, source, name, rw, block_size, threads, iodepth, direct, sync, engine,"
                    + " target, repetitions, complete, mean_bytes_per_second, mean_iops, note FROM runs"
                    + where(q, args) + " ORDER BY created_at DESC, id DESC" + (q.last() > 0 ? " LIMIT " + q.last() : "");
            List<StoredRun> runs = new ArrayList<>();
            try (PreparedStatement p = prepare(sql, args); ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    runs.add(new StoredRun(rs.getLong(1), Instant.parse(rs.getString(2)), rs.getString(3),
                            rs.getString(4), new WorkloadKey(rs.getString(5), rs.getLong(6), rs.getInt(7), rs.getInt(8),
                            rs.getBoolean(9), rs.getString(10), WorkloadKey.enginePart(rs.getString(11))),
                            rs.getString(11), StoredTarget.userPath(rs.getString(12)), rs.getInt(13),
                            rs.getBoolean(14), getDouble(rs, 15), getDouble(rs, 16), Map.of(), rs.getString(17)));
                }
            }
            Map<Long, Map<String, String>> labels = labels(runs.stream().map(StoredRun::id).toList());
            return runs.stream().map(r -> new StoredRun(r.id(), r.createdAt(), r.source(), r.name(), r.workload(),
                    r.engine(), r.target(), r.repetitions(), r.complete(), r.meanBytesPerSecond(), r.meanIops(),
                    Collections.unmodifiableMap(labels.getOrDefault(r.id(), new TreeMap<>())), r.note())).toList();
        });
    }

    public Optional<StoredRun> get(long id) {
        return find(new RunQuery(List.of(new long[] {id, id}), Map.of(), List.of(), null, null, Set.of(), Set.of(),
                Set.of(), Set.of(), 0)).stream().findFirst();
    }

    /**
     * The full result of run {@code id} as saved.
     *
     * @throws StoreException if the document cannot be read by this build
     */
    public Optional<BenchmarkResult> result(long id) {
        return document(id, "result").map(json -> {
            try {
                return ResultCodec.decodeResult(json);
            } catch (IOException e) {
                throw new StoreException("run " + id + " in " + StoreLocation.describe(url)
                        + " has a result this iobench cannot read: " + oneLine(e), e);
            }
        });
    }

    /** The raw JSON of run {@code id}'s result or environment column. */
    public Optional<String> document(long id, String column) {
        if (!column.equals("result") && !column.equals("environment")) {
            throw new IllegalArgumentException("column: " + column);
        }
        return transaction("read", () -> {
            try (PreparedStatement p = connection.prepareStatement("SELECT " + column + " FROM runs WHERE id = ?")) {
                p.setLong(1, id);
                try (ResultSet rs = p.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    public Optional<Environment> environment(long id) {
        return document(id, "environment").map(json -> {
            try {
                return ResultCodec.decodeEnvironment(json);
            } catch (IOException e) {
                throw new StoreException("run " + id + ": unreadable environment: " + oneLine(e), e);
            }
        });
    }

    /** Deletes run {@code id} with its labels and samples; false if there was none. */
    public boolean delete(long id) {
        return transaction("delete from", () -> {
            for (String table : List.of("samples", "run_labels")) {
                try (PreparedStatement p = connection.prepareStatement("DELETE FROM " + table + " WHERE run_id = ?")) {
                    p.setLong(1, id);
                    p.executeUpdate();
                }
            }
            try (PreparedStatement p = connection.prepareStatement("DELETE FROM runs WHERE id = ?")) {
                p.setLong(1, id);
                return p.executeUpdate() > 0;
            }
        });
    }

    /** The complete repetitions of the runs matching {@code q}: the samples of a comparison. */
    public List<Sample> samples(RunQuery q) {
        List<StoredRun> runs = find(q);
        Map<Long, StoredRun> byId = new LinkedHashMap<>();
        runs.forEach(r -> byId.put(r.id(), r));
        return transaction("read", () -> {
            List<Sample> out = new ArrayList<>();
            List<Long> ids = new ArrayList<>(byId.keySet());
            Collections.reverse(ids); // oldest first: samples in the order they were taken
            Map<Long, Integer> position = new java.util.HashMap<>();
            for (int i = 0; i < ids.size(); i++) {
                position.put(ids.get(i), i);
            }
            for (int from = 0; from < ids.size(); from += CHUNK) {
                List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
                String sql = "SELECT run_id, repetition, bytes_per_second, iops FROM samples WHERE complete = ? AND run_id IN ("
                        + placeholders(chunk.size()) + ") ORDER BY run_id, repetition";
                List<Object> args = new ArrayList<>();
                args.add(Boolean.TRUE);
                args.addAll(chunk);
                List<Sample> part = new ArrayList<>();
                try (PreparedStatement p = prepare(sql, args); ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        StoredRun r = byId.get(rs.getLong(1));
                        part.add(new Sample(r.id(), rs.getInt(2), r.workload(), r.labels(), getDouble(rs, 3),
                                getDouble(rs, 4)));
                    }
                }
                part.sort(Comparator.comparingInt(s -> position.get(s.runId())));
                out.addAll(part);
            }
            return out;
        });
    }

    private Map<Long, Map<String, String>> labels(List<Long> ids) throws SQLException {
        Map<Long, Map<String, String>> out = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            String sql = "SELECT run_id, label_key, label_value FROM run_labels WHERE run_id IN ("
                    + placeholders(chunk.size()) + ")";
            try (PreparedStatement p = prepare(sql, new ArrayList<>(chunk)); ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getLong(1), k -> new TreeMap<>()).put(rs.getString(2), rs.getString(3));
                }
            }
        }
        return out;
    }

    private static String where(RunQuery q, List<Object> args) {
        List<String> and = new ArrayList<>();
        if (!q.ids().isEmpty()) {
            List<String> or = new ArrayList<>();
            for (long[] r : q.ids()) {
                or.add("id BETWEEN ? AND ?");
                args.add(r[0]);
                args.add(r[1]);
            }
            and.add("(" + String.join(" OR ", or) + ")");
        }
        q.labels().forEach((key, values) -> {
            args.add(key);
            args.addAll(values);
            and.add("EXISTS (SELECT 1 FROM run_labels l WHERE l.run_id = runs.id AND l.label_key = ?"
                    + (values.isEmpty() ? "" : " AND l.label_value IN (" + placeholders(values.size()) + ")") + ")");
        });
        if (!q.targets().isEmpty()) {
            List<String> or = new ArrayList<>();
            for (String t : q.targets()) {
                if (t.contains("*")) {
                    or.add("target LIKE ? ESCAPE '!'");
                    args.add(t.replace("!", "!!").replace("%", "!%").replace("_", "!_").replace('*', '%'));
                } else {
                    or.add("target = ?");
                    args.add(t);
                    or.add("target LIKE ? ESCAPE '!'"); // rows of earlier builds: the scratch file inside t
                    args.add(StoredTarget.scratchPattern(t));
                }
            }
            and.add("(" + String.join(" OR ", or) + ")");
        }
        if (q.since() != null) {
            and.add("created_at >= ?");
            args.add(TIME.format(q.since()));
        }
        if (q.until() != null) {
            and.add("created_at < ?");
            args.add(TIME.format(q.until()));
        }
        in(and, args, "source", q.sources());
        in(and, args, "name", q.names());
        in(and, args, "rw", q.rws());
        in(and, args, "block_size", q.blockSizes());
        return and.isEmpty() ? "" : " WHERE " + String.join(" AND ", and);
    }

    private static void in(List<String> and, List<Object> args, String column, Set<?> values) {
        if (!values.isEmpty()) {
            and.add(column + " IN (" + placeholders(values.size()) + ")");
            args.addAll(values);
        }
    }

    private static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    private PreparedStatement prepare(String sql, List<Object> args) throws SQLException {
        PreparedStatement p = connection.prepareStatement(sql);
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            switch (a) {
                case Long l -> p.setLong(i + 1, l);
                case Boolean b -> p.setBoolean(i + 1, b);
                default -> p.setString(i + 1, a.toString());
            }
        }
        return p;
    }

    private static void setDouble(PreparedStatement p, int i, double v) throws SQLException {
        if (Double.isFinite(v)) {
            p.setDouble(i, v);
        } else {
            p.setNull(i, Types.DOUBLE);
        }
    }

    private static double getDouble(ResultSet rs, int i) throws SQLException {
        double v = rs.getDouble(i);
        return rs.wasNull() ? Double.NaN : v;
    }

    private interface Work<T> {
        T run() throws SQLException;
    }

    private <T> T transaction(String verb, Work<T> work) {
        try {
            connection.setAutoCommit(false);
            try {
                T value = work.run();
                connection.commit();
                return value;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot " + verb + " " + StoreLocation.describe(url) + ": " + oneLine(e), e);
        }
    }

    static String oneLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // already failing; the first error is the one to report
            }
        }
    }

    @Override
    public void close() {
        close(connection);
    }
}
