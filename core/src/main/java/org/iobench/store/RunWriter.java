package org.iobench.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Map;

/** The SQL that adds and removes runs; callers hold the transaction. */
final class RunWriter {
    private final Connection connection;

    RunWriter(Connection connection) {
        this.connection = connection;
    }

    /**
     * Inserts the run, its labels and its samples; returns the new id.
     *
     * @param testRun the id of the first member of the group execution this row belongs to; 0 for none (the row is
     *                a first member, or not in a group)
     */
    long insert(RunRow row, long testRun) throws SQLException {
        long id = insertRun(row, testRun);
        insertLabels(id, row.labels());
        insertSamples(id, row.samples());
        return id;
    }

    private long insertRun(RunRow row, long testRun) throws SQLException {
        WorkloadKey k = row.key();
        try (PreparedStatement p = connection.prepareStatement("""
                INSERT INTO runs (created_at, source, name, rw, block_size, threads, iodepth, direct, sync, engine,
                  target, repetitions, complete, mean_bytes_per_second, mean_iops, note, environment, result,
                  document_version, test, test_member, test_members, test_run, origin, target_kind, findings, device,
                  ended_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                RETURNING id""")) {
            int i = 1;
            p.setString(i++, RunRow.CREATED_AT.format(row.createdAt()));
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
            Jdbc.setDouble(p, i++, row.meanBytesPerSecond());
            Jdbc.setDouble(p, i++, row.meanIops());
            p.setString(i++, row.note());
            p.setString(i++, row.environment());
            p.setString(i++, row.document());
            p.setInt(i++, row.documentVersion());
            if (row.test() == null) {
                p.setNull(i++, Types.VARCHAR);
                p.setNull(i++, Types.INTEGER);
                p.setNull(i++, Types.INTEGER);
            } else {
                p.setString(i++, row.test().name());
                p.setInt(i++, row.test().member());
                p.setInt(i++, row.test().members());
            }
            if (testRun > 0) {
                p.setLong(i++, testRun);
            } else {
                p.setNull(i++, Types.BIGINT);
            }
            String origin = row.test() == null || row.test().origin().isEmpty() ? null : row.test().origin();
            if (origin == null) {
                p.setNull(i++, Types.VARCHAR);
            } else {
                p.setString(i++, origin);
            }
            if (row.targetKind() == null) {
                p.setNull(i++, Types.VARCHAR);
            } else {
                p.setString(i++, row.targetKind());
            }
            if (row.findings().isEmpty()) {
                p.setNull(i++, Types.VARCHAR);
            } else {
                p.setString(i++, String.join(",", row.findings()));
            }
            boolean timed = row.device() != null && row.endedAt() != null;
            if (timed) {
                p.setString(i++, row.device());
                p.setString(i, RunRow.CREATED_AT.format(row.endedAt()));
            } else {
                p.setNull(i++, Types.VARCHAR);
                p.setNull(i, Types.VARCHAR);
            }
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
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

    private void insertSamples(long id, List<RunRow.SampleRow> samples) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "INSERT INTO samples (run_id, repetition, complete, bytes_per_second, iops, bytes, elapsed_ns, sync_ns)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RunRow.SampleRow r : samples) {
                p.setLong(1, id);
                p.setInt(2, r.repetition());
                p.setBoolean(3, r.complete());
                Jdbc.setDouble(p, 4, r.bytesPerSecond());
                Jdbc.setDouble(p, 5, r.iops());
                for (int c = 6; c <= 8; c++) {
                    if (r.timing() == null) {
                        p.setNull(c, Types.BIGINT);
                    }
                }
                if (r.timing() != null) {
                    p.setLong(6, r.timing().bytes());
                    p.setLong(7, r.timing().elapsedNanos());
                    p.setLong(8, r.timing().syncNanos());
                }
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** Deletes run {@code id} with its labels and samples; false if there was none. */
    boolean delete(long id) throws SQLException {
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
    }
}
