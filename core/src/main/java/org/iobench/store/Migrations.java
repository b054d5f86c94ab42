package org.iobench.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

/**
 * The schema's history, hand-written. Never edit a released step: add the next one. {@link #apply} runs at every
 * open and brings any older database up to {@link #CURRENT}; a database from a newer iobench is refused.
 */
public final class Migrations {
    /** All steps, oldest first. */
    public static final List<Migration> ALL = List.of(
            new Migration(1, "runs, labels and per-repetition samples", List.of(
                    """
                    CREATE TABLE runs (
                      id {id},
                      created_at TEXT NOT NULL,
                      source TEXT NOT NULL,
                      name TEXT NOT NULL,
                      rw TEXT NOT NULL,
                      block_size BIGINT NOT NULL,
                      threads INTEGER NOT NULL,
                      iodepth INTEGER NOT NULL,
                      direct BOOLEAN NOT NULL,
                      sync TEXT NOT NULL,
                      engine TEXT NOT NULL,
                      target TEXT NOT NULL,
                      repetitions INTEGER NOT NULL,
                      complete BOOLEAN NOT NULL,
                      mean_bytes_per_second DOUBLE PRECISION,
                      mean_iops DOUBLE PRECISION,
                      note TEXT,
                      environment TEXT NOT NULL,
                      result TEXT NOT NULL)""",
                    """
                    CREATE TABLE run_labels (
                      run_id BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      label_key TEXT NOT NULL,
                      label_value TEXT NOT NULL,
                      PRIMARY KEY (run_id, label_key))""",
                    """
                    CREATE TABLE samples (
                      run_id BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      repetition INTEGER NOT NULL,
                      complete BOOLEAN NOT NULL,
                      bytes_per_second DOUBLE PRECISION,
                      iops DOUBLE PRECISION,
                      PRIMARY KEY (run_id, repetition))""")),
            new Migration(2, "indexes for selectors (labels, target, date)", List.of(
                    "CREATE INDEX run_labels_by_key_value ON run_labels (label_key, label_value)",
                    "CREATE INDEX runs_by_target ON runs (target)",
                    "CREATE INDEX runs_by_created_at ON runs (created_at)")),
            new Migration(3, "the version of each row's documents (the store's own codec)", List.of(
                    // Rows saved before are version 1: the form iobench wrote from the start.
                    "ALTER TABLE runs ADD COLUMN document_version INTEGER NOT NULL DEFAULT 1")),
            new Migration(4, "test identity (suite and job file tests, group members) and per-repetition timing",
                    List.of(
                    "ALTER TABLE runs ADD COLUMN test TEXT",
                    "ALTER TABLE runs ADD COLUMN test_member INTEGER",
                    "ALTER TABLE runs ADD COLUMN test_members INTEGER",
                    // the id of the row of member 1 saved with this one: the members of one execution of a group
                    "ALTER TABLE runs ADD COLUMN test_run BIGINT",
                    "ALTER TABLE samples ADD COLUMN bytes BIGINT",
                    "ALTER TABLE samples ADD COLUMN elapsed_ns BIGINT",
                    "ALTER TABLE samples ADD COLUMN sync_ns BIGINT",
                    "CREATE INDEX runs_by_test ON runs (test)")),
            new Migration(5, "indexes for the other selector terms (name, source, workload), newest first", List.of(
                    // a selection by these terms reads the rows it selects, not every row of a large store
                    "CREATE INDEX runs_by_name ON runs (name, created_at)",
                    "CREATE INDEX runs_by_source ON runs (source, created_at)",
                    "CREATE INDEX runs_by_workload ON runs (rw, block_size, created_at)")),
            new Migration(6, "row identity (the test's origin, the target's kind) and the warnings a run carries",
                    List.of(
                    // NULL in rows saved before: unknown, joined to the one known value of their row (compare.md)
                    "ALTER TABLE runs ADD COLUMN origin TEXT",
                    "ALTER TABLE runs ADD COLUMN target_kind TEXT",
                    // the ids of the advisor's warning findings, comma-separated ("page-cache,not-saturated")
                    "ALTER TABLE runs ADD COLUMN findings TEXT")),
            new Migration(7, "the device a run used and when it ended, to find runs that overlapped in time", List.of(
                    // NULL in rows saved before, for imports and micro variants: never judged (docs/store.md)
                    "ALTER TABLE runs ADD COLUMN device TEXT",
                    "ALTER TABLE runs ADD COLUMN ended_at TEXT",
                    "CREATE INDEX runs_by_device ON runs (device, created_at)")),
            new Migration(8, "each workload series' change points, found again at every save of its shape", List.of(
                    // what iobench history finds with its defaults over the whole store, kept for dashboards
                    // (docs/grafana-dashboard.json)
                    """
                    CREATE TABLE change_points (
                      run_id BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      metric TEXT NOT NULL,
                      run_before BIGINT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      workload TEXT NOT NULL,
                      p_value DOUBLE PRECISION NOT NULL,
                      mean_before DOUBLE PRECISION,
                      mean_after DOUBLE PRECISION,
                      change_percent DOUBLE PRECISION,
                      found_at TEXT NOT NULL,
                      PRIMARY KEY (run_id, metric))""",
                    "CREATE INDEX change_points_by_run_before ON change_points (run_before)",
                    // a row when runs were saved before the table existed: their series' change points are found
                    // at the next open that can find them (ResultStore.open with a finder), then the row goes
                    "CREATE TABLE change_points_pending (since TEXT NOT NULL)",
                    "INSERT INTO change_points_pending (since) SELECT created_at FROM runs ORDER BY created_at LIMIT 1")));

    /** The schema version this build writes. */
    public static final int CURRENT = ALL.getLast().version();

    private Migrations() {}

    /**
     * Applies the steps after the database's version up to {@code target}, each in one transaction together with its
     * row in {@code schema_migrations}, so a killed process leaves the schema at a whole version.
     *
     * @return the version the database is at afterwards
     * @throws StoreException if the database is newer than this build
     */
    static int apply(Connection c, SqlDialect dialect, int target, String where) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                        + " description TEXT NOT NULL, applied_at TEXT NOT NULL)");
            }
            c.commit();
            int version = version(c);
            c.commit();
            if (version > CURRENT) {
                throw new StoreException(where + " has schema version " + version + ", newer than this iobench knows ("
                        + CURRENT + "); use a newer iobench or another --db");
            }
            for (Migration m : ALL) {
                if (m.version() <= version || m.version() > target) {
                    continue;
                }
                try (Statement s = c.createStatement()) {
                    lock(s, dialect);
                    // Another process may have migrated while this one waited for the lock.
                    if (version(c) >= m.version()) {
                        c.commit();
                        continue;
                    }
                    for (String sql : m.statements()) {
                        s.execute(dialect.expand(sql));
                    }
                    s.executeUpdate("INSERT INTO schema_migrations (version, description, applied_at) VALUES ("
                            + m.version() + ", '" + m.description().replace("'", "''") + "', '" + Instant.now() + "')");
                }
                c.commit();
            }
            return version(c);
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.commit();
            c.setAutoCommit(auto);
        }
    }

    private static void lock(Statement s, SqlDialect dialect) throws SQLException {
        if (dialect == SqlDialect.POSTGRESQL) {
            s.execute("LOCK TABLE schema_migrations IN EXCLUSIVE MODE");
        }
        // SQLite: connections open with IMMEDIATE transactions, so the first statement already holds the write lock.
    }

    static int version(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
