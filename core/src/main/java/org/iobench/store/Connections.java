package org.iobench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.sqlite.JDBC;

/** Opens a JDBC connection with the settings each database needs; knows nothing of the schema. */
final class Connections {
    private Connections() {}

    /**
     * @throws StoreException for a SQLite file whose directory is missing
     * @throws SQLException    when the driver cannot connect
     */
    static Connection open(String jdbcUrl, SqlDialect dialect) throws SQLException {
        Properties props = new Properties();
        if (dialect == SqlDialect.SQLITE) {
            requireDirectory(jdbcUrl);
            // IMMEDIATE: a writing transaction takes the lock at BEGIN, so two savers queue instead of deadlocking.
            // WAL is set by settle, once the file is known to be an iobench database (it persists in the file).
            props.setProperty("synchronous", "FULL");
            props.setProperty("foreign_keys", "true");
            props.setProperty("busy_timeout", "15000");
            props.setProperty("transaction_mode", "IMMEDIATE");
        } else {
            props.setProperty("connectTimeout", "5");
            props.setProperty("ApplicationName", "iobench");
        }
        // The dialect's driver directly, not DriverManager: its first use loads and initialises every driver on the
        // class path (PostgreSQL's too, for a SQLite store), which each stored run paid for at start.
        Driver driver = dialect == SqlDialect.SQLITE ? new JDBC() : new org.postgresql.Driver();
        Connection c = driver.connect(jdbcUrl, props);
        if (c == null) { // what DriverManager says for a URL no driver takes
            throw new SQLException("No suitable driver found for " + jdbcUrl, "08001");
        }
        return c;
    }

    /**
     * Settings that change the database file itself, made once {@link IntegrityCheck} has accepted it. SQLite: WAL,
     * so readers never block the writer and a torn write never reaches the main file.
     */
    static void settle(Connection c, SqlDialect dialect) throws SQLException {
        if (dialect == SqlDialect.SQLITE) {
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
            }
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

    /** Closes quietly: used when already failing, where the first error is the one to report. */
    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // already failing; the first error is the one to report
            }
        }
    }
}
