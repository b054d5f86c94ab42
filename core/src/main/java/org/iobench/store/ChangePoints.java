package org.iobench.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The SQL of the {@code change_points} table: each workload series' change points, found again over the newest
 * {@link #WINDOW} runs of its shape whenever a run of that shape is saved or deleted, so that the table holds what
 * {@code iobench history rw:RW bs:BS last:1000} finds with its defaults (over the whole store, for a shape of at most
 * that many runs). Callers hold the transaction.
 */
final class ChangePoints {
    /** The schema version that has the table. */
    static final int SINCE_VERSION = 8;
    /**
     * The newest runs of a shape searched at each save: the search reads and shuffles every one of them, so a save
     * costs time in proportion (about 2 s for 10^4 runs at load 12 here, bench/changepoint-save.sh); change points
     * older than that stay as they were found.
     */
    static final int WINDOW = 1000;

    /** A workload shape as the {@code runs_by_workload} index finds it: the runs whose series are found again. */
    record Shape(String rw, long blockSize) {}

    private final Connection connection;
    private final SqlDialect dialect;
    private final RunReader reader;

    ChangePoints(Connection connection, SqlDialect dialect, RunReader reader) {
        this.connection = connection;
        this.dialect = dialect;
        this.reader = reader;
    }

    /** Every shape with a stored run, for filling the table of a store saved before it existed. */
    Set<Shape> allShapes() throws SQLException {
        Set<Shape> out = new LinkedHashSet<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT rw, block_size FROM runs ORDER BY rw, block_size")) {
            while (rs.next()) {
                out.add(new Shape(rs.getString(1), rs.getLong(2)));
            }
        }
        return out;
    }

    /**
     * Finds the change points of every series of {@code shape} again and replaces the stored ones.
     *
     * @return how many change points the shape's series have now
     */
    int refresh(Shape shape, ChangePointFinder finder) throws SQLException {
        if (dialect == SqlDialect.POSTGRESQL) {
            // one refresher at a time (readers go on): two saves of one shape would both insert the same rows
            try (Statement s = connection.createStatement()) {
                s.execute("LOCK TABLE change_points IN EXCLUSIVE MODE");
            }
        }
        // SQLite: transactions begin IMMEDIATE, so this one already holds the write lock
        // the newest WINDOW runs: iobench history rw:RW bs:BS last:1000 selects the same
        RunQuery q = new RunQuery(List.of(), Map.of(), List.of(), null, null, Set.of(), Set.of(),
                Set.of(shape.rw()), Set.of(shape.blockSize()), WINDOW);
        List<StoredRun> runs = reader.find(q);
        List<Long> ids = runs.stream().map(StoredRun::id).toList();
        // the rows the search can find again: both runs in the window (a change just before the window's first
        // run stays as found)
        for (int from = 0; from < ids.size(); from += Jdbc.CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + Jdbc.CHUNK));
            try (PreparedStatement p = Jdbc.prepare(connection, "DELETE FROM change_points WHERE run_before IN ("
                    + Jdbc.placeholders(chunk.size()) + ")", chunk)) {
                p.executeUpdate();
            }
        }
        List<Sample> samples = reader.samples(runs);
        if (samples.isEmpty()) {
            return 0;
        }
        Map<Long, Instant> times = new HashMap<>();
        runs.forEach(r -> times.put(r.id(), r.createdAt()));
        List<StoredChangePoint> found = new ArrayList<>(finder.find(samples, times));
        String now = Instant.now().toString();
        try (PreparedStatement p = connection.prepareStatement("INSERT INTO change_points (run_id, metric,"
                + " run_before, workload, p_value, mean_before, mean_after, change_percent, found_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (StoredChangePoint c : found) {
                p.setLong(1, c.runId());
                p.setString(2, c.metric());
                p.setLong(3, c.runBefore());
                p.setString(4, c.workload());
                p.setDouble(5, c.pValue());
                Jdbc.setDouble(p, 6, c.meanBefore());
                Jdbc.setDouble(p, 7, c.meanAfter());
                Jdbc.setDouble(p, 8, c.changePercent());
                p.setString(9, now);
                p.addBatch();
            }
            p.executeBatch();
        }
        return found.size();
    }

    /** The stored change points, oldest run first. */
    List<StoredChangePoint> all() throws SQLException {
        List<StoredChangePoint> out = new ArrayList<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT c.run_id, c.metric, c.run_before, c.workload, c.p_value,"
                     + " c.mean_before, c.mean_after, c.change_percent FROM change_points c"
                     + " JOIN runs r ON r.id = c.run_id ORDER BY r.created_at, c.run_id, c.metric")) {
            while (rs.next()) {
                out.add(new StoredChangePoint(rs.getString("workload"), rs.getString("metric"), rs.getLong("run_id"),
                        rs.getLong("run_before"), rs.getDouble("p_value"), Jdbc.getDouble(rs, "mean_before"),
                        Jdbc.getDouble(rs, "mean_after"), Jdbc.getDouble(rs, "change_percent")));
            }
        }
        return out;
    }

    /** Removes the change points that name run {@code id}, before the run itself is deleted. */
    void forget(long id) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "DELETE FROM change_points WHERE run_id = ? OR run_before = ?")) {
            p.setLong(1, id);
            p.setLong(2, id);
            p.executeUpdate();
        }
    }
}
