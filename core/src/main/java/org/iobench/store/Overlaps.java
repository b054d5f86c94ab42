package org.iobench.store;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/**
 * Runs that used the same device at the same time: each measured a share of it, and pooled as repetitions of one
 * workload they look like one slow device. Checked when a run is saved, inside the saving transaction, against the
 * runs already stored: the run saved second sees the first (whichever finished first), and both are marked then,
 * so every stored pair that overlapped is marked once the later of the two is saved. A run's span is
 * {@code [created_at, ended_at]} (the first repetition's start to the last one's end) and its device the host's name
 * with the whole disk ({@code build1/vda}: two partitions of one disk share it, two hosts' {@code vda} do not). The
 * members of one execution of a group (a job file's stage) ran together by design and are not judged against each
 * other; runs without a device or an end (imports, micro variants, tmpfs) are never judged.
 */
public final class Overlaps {
    /**
     * One stored run as the check sees it.
     *
     * @param device the host and whole disk its target is on ({@code build1/vda})
     * @param start  its first repetition's start
     * @param end    its last repetition's end
     */
    public record Span(long id, String name, String target, String device, Instant start, Instant end) {}

    /** Writes the finding about {@code run}, which overlapped {@code others} (in id order, never empty). */
    @FunctionalInterface
    public interface Judge {
        Finding finding(Span run, List<Span> others);
    }

    private final Connection connection;

    Overlaps(Connection connection) {
        this.connection = connection;
    }

    /**
     * Marks the run just inserted as {@code id} and every stored run it overlapped (their finding rewritten to name
     * all their overlaps); the caller holds the transaction.
     *
     * @return the finding about {@code id}, or null when it overlapped nothing
     */
    Finding mark(long id, RunRow row, Judge judge) throws SQLException {
        if (row.device() == null || row.endedAt() == null) {
            return null;
        }
        Span run = new Span(id, row.name(), row.target(), row.device(), row.createdAt(), row.endedAt());
        List<Span> others = overlapping(run);
        if (others.isEmpty()) {
            return null;
        }
        Finding mine = judge.finding(run, others);
        replace(id, mine);
        for (Span other : others) {
            replace(other.id(), judge.finding(other, overlapping(other)));
        }
        return mine;
    }

    /** The stored runs on {@code run}'s device whose span meets its span, other than itself. */
    private List<Span> overlapping(Span run) throws SQLException {
        List<Span> out = new ArrayList<>();
        try (PreparedStatement p = connection.prepareStatement("SELECT id, name, target, created_at, ended_at FROM"
                + " runs WHERE device = ? AND created_at <= ? AND ended_at >= ? AND id <> ? AND COALESCE(test_run, id) <>"
                + " (SELECT COALESCE(test_run, id) FROM runs WHERE id = ?) ORDER BY id")) {
            p.setString(1, run.device());
            p.setString(2, RunRow.CREATED_AT.format(run.end()));
            p.setString(3, RunRow.CREATED_AT.format(run.start()));
            p.setLong(4, run.id());
            p.setLong(5, run.id());
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.add(new Span(rs.getLong(1), rs.getString(2), rs.getString(3), run.device(),
                            Instant.parse(rs.getString(4)), Instant.parse(rs.getString(5))));
                }
            }
        }
        return out;
    }

    /** Puts {@code finding} in run {@code id}'s result (instead of an earlier one of its id) and warnings column. */
    private void replace(long id, Finding finding) throws SQLException {
        String json;
        int version;
        String ids;
        try (PreparedStatement p = connection.prepareStatement(
                "SELECT result, document_version, findings FROM runs WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                json = rs.getString(1);
                version = rs.getInt(2);
                ids = rs.getString(3);
            }
        }
        BenchmarkResult b;
        try {
            b = DocumentCodec.decodeResult(version, json);
        } catch (IOException e) {
            throw new StoreException("run " + id + " has a result this iobench cannot read: "
                    + Transactions.oneLine(e), e);
        }
        List<Finding> findings = new ArrayList<>(b.findings().stream().filter(f -> !f.id().equals(finding.id())).toList());
        findings.add(finding);
        TreeSet<String> warnings = new TreeSet<>();
        if (ids != null && !ids.isBlank()) {
            warnings.addAll(List.of(ids.split(",")));
        }
        warnings.add(finding.id());
        try (PreparedStatement p = connection.prepareStatement(
                "UPDATE runs SET result = ?, document_version = ?, findings = ? WHERE id = ?")) {
            p.setString(1, DocumentCodec.encode(b.withFindings(findings)));
            p.setInt(2, DocumentCodec.CURRENT);
            p.setString(3, String.join(",", warnings));
            p.setLong(4, id);
            p.executeUpdate();
        }
    }
}
