package org.iobench.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

    /**
     * The PostgreSQL URL from the environment; skips the calling test (a JUnit assumption naming the reason) when
     * it is not set or the server does not answer. {@code .ci/run} sets it and fails if these tests were skipped.
     */
    public static String postgres() {
        String url = System.getenv(PG_ENV);
        assumeTrue(url != null && !url.isBlank(), PG_ENV + " is not set (no PostgreSQL server; .ci/run sets it)");
        try (Connection c = DriverManager.getConnection(url)) {
            return url;
        } catch (SQLException e) {
            assumeTrue(false, "PostgreSQL at " + url + " is not reachable: " + e.getMessage());
            throw new AssertionError("unreachable");
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
