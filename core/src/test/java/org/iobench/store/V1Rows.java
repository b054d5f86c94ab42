package org.iobench.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows an iobench from before the store's own codec saved (test resources {@code store/v1/}, see its README),
 * and a way to put them into a database at an older schema with the SQL of that time.
 */
final class V1Rows {
    /** One saved row: its fixture name, indexed columns, labels and samples ({@code rows.json}). */
    record Row(String fixture, JsonNode columns) {
        String result() {
            return resource(fixture + ".result.json");
        }

        String environment() {
            return resource(fixture + ".environment.json");
        }

        boolean micro() {
            return columns.path("source").asText().equals("micro");
        }
    }

    private V1Rows() {}

    static List<Row> all() {
        try {
            List<Row> out = new ArrayList<>();
            for (JsonNode r : new ObjectMapper().readTree(resource("rows.json"))) {
                out.add(new Row(r.path("fixture").asText(), r));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Row named(String fixture) {
        return all().stream().filter(r -> r.fixture().equals(fixture)).findFirst().orElseThrow();
    }

    static String resource(String name) {
        try (InputStream in = V1Rows.class.getResourceAsStream("/store/v1/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource store/v1/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Inserts {@code row} with the columns schema versions 1 and 2 had; returns its id. */
    static long insert(String url, Row row) throws SQLException {
        JsonNode c = row.columns();
        try (Connection conn = DriverManager.getConnection(url)) {
            long id;
            try (PreparedStatement p = conn.prepareStatement("""
                    INSERT INTO runs (created_at, source, name, rw, block_size, threads, iodepth, direct, sync, engine,
                      target, repetitions, complete, mean_bytes_per_second, mean_iops, note, environment, result)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""")) {
                int i = 1;
                for (String text : List.of("created_at", "source", "name", "rw")) {
                    p.setString(i++, c.path(text).asText());
                }
                p.setLong(i++, c.path("block_size").asLong());
                p.setInt(i++, c.path("threads").asInt());
                p.setInt(i++, c.path("iodepth").asInt());
                p.setBoolean(i++, c.path("direct").asInt() == 1);
                p.setString(i++, c.path("sync").asText());
                p.setString(i++, c.path("engine").asText());
                p.setString(i++, c.path("target").asText());
                p.setInt(i++, c.path("repetitions").asInt());
                p.setBoolean(i++, c.path("complete").asInt() == 1);
                setDouble(p, i++, c.path("mean_bytes_per_second"));
                setDouble(p, i++, c.path("mean_iops"));
                p.setString(i++, c.path("note").isNull() ? null : c.path("note").asText());
                p.setString(i++, row.environment());
                p.setString(i, row.result());
                try (ResultSet rs = p.executeQuery()) {
                    rs.next();
                    id = rs.getLong(1);
                }
            }
            try (PreparedStatement p = conn.prepareStatement(
                    "INSERT INTO run_labels (run_id, label_key, label_value) VALUES (?, ?, ?)")) {
                var labels = c.path("labels").fields();
                while (labels.hasNext()) {
                    var e = labels.next();
                    p.setLong(1, id);
                    p.setString(2, e.getKey());
                    p.setString(3, e.getValue().asText());
                    p.executeUpdate();
                }
            }
            try (PreparedStatement p = conn.prepareStatement(
                    "INSERT INTO samples (run_id, repetition, complete, bytes_per_second, iops)"
                            + " VALUES (?, ?, ?, ?, ?)")) {
                for (JsonNode s : c.path("samples")) {
                    p.setLong(1, id);
                    p.setInt(2, s.get(0).asInt());
                    p.setBoolean(3, s.get(1).asInt() == 1);
                    setDouble(p, 4, s.get(2));
                    setDouble(p, 5, s.get(3));
                    p.executeUpdate();
                }
            }
            return id;
        }
    }

    private static void setDouble(PreparedStatement p, int i, JsonNode v) throws SQLException {
        if (v.isNumber()) {
            p.setDouble(i, v.asDouble());
        } else {
            p.setNull(i, Types.DOUBLE);
        }
    }
}
