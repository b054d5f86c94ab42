package org.iobench.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Databases for store tests: a SQLite file in a temp directory, and PostgreSQL when {@code IOBENCH_TEST_PG_URL}
 * names a reachable server (.ci/run starts one). Each PostgreSQL test gets a schema of its own, dropped afterwards.
 */
public final class Databases {
    public static final String PG_ENV = "IOBENCH_TEST_PG_URL";

    private Databases() {}

    public static String sqlite(Path dir) {
        return "jdbc:sqlite:" + dir.resolve("results.db");
    }

    /** The PostgreSQL URL from the environment, or null (with the reason printed) when there is none. */
    public static String postgres() {
        String url = System.getenv(PG_ENV);
        if (url == null || url.isBlank()) {
            System.out.println("SKIPPED (no PostgreSQL): " + PG_ENV + " is not set; .ci/run sets it");
            return null;
        }
        try (Connection c = DriverManager.getConnection(url)) {
            return url;
        } catch (SQLException e) {
            System.out.println("SKIPPED (no PostgreSQL): " + url + " is not reachable: " + e.getMessage());
            return null;
        }
    }

    /** A fresh schema on the server of {@code url}; returns a URL whose tables live in it. */
    public static String freshSchema(String url) throws SQLException {
        String schema = "iobench_test_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE)
                .toLowerCase(Locale.ROOT);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    public static void dropSchema(String schemaUrl) {
        int i = schemaUrl.lastIndexOf("currentSchema=");
        String schema = schemaUrl.substring(i + "currentSchema=".length());
        String base = schemaUrl.substring(0, i - 1);
        try (Connection c = DriverManager.getConnection(base); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA " + schema + " CASCADE");
        } catch (SQLException e) {
            System.err.println("drop schema " + schema + ": " + e.getMessage());
        }
    }
}
