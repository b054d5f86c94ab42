package org.iobench.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.sqlite.JDBC;
import org.sqlite.SQLiteException;

/**
 * What a database must be before iobench reads or writes anything in it, checked at every open and before the
 * schema's {@link Migrations} touch it:
 * <ul>
 *   <li>whole: SQLite's {@code PRAGMA quick_check} answers {@code ok} (a page overwritten, a torn file, a file
 *       that is not a database are refused, not read and then half-saved). It reads every page, so it runs in full
 *       on databases up to {@link #FULL_CHECK_BYTES} (about 50,000 runs); a larger one gets the checks that cost
 *       the same whatever it holds: the file is whole pages and at least as long as SQLite's header says (a
 *       truncated or torn file), the freelist is within the file, and the small tables are whole; SQLite checks
 *       every page a command then reads or writes, and a malformed one stops the command with the same refusal.
 *       A command's time then depends on what it selects, not on the store's size (bench/scale-store.sh);</li>
 *   <li>an iobench result database, or empty: a database with tables but no {@code schema_migrations} of iobench's
 *       shape belongs to another program and is left as it is (nothing created in it);</li>
 *   <li>every table and column of its schema version there: a dropped table or column means the database was
 *       damaged or changed by another program, and a save would fail after the run.</li>
 * </ul>
 * The expected schema of each version is the one {@link Migrations} builds, made once per process in an in-memory
 * SQLite database, so it cannot drift from the migrations. Extra tables and columns are allowed (a user's views,
 * indexes, their own notes).
 */
final class IntegrityCheck {
    private static final String MIGRATIONS = "schema_migrations";
    private static final Set<String> MIGRATION_COLUMNS = Set.of("version", "description", "applied_at");
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_NOTADB = 26;
    private static final Map<Integer, Map<String, Set<String>>> EXPECTED = new ConcurrentHashMap<>();
    /**
     * The largest database checked page by page at every open: reading 256 MiB takes about a tenth of a second
     * from the page cache, a 10^6-run store (about 5 GiB) would take ten seconds at every command.
     */
    static final long FULL_CHECK_BYTES = 256L << 20;

    private IntegrityCheck() {}

    /**
     * @param where the database as messages name it
     * @throws StoreException one line naming the database and what is wrong with it
     */
    static void check(Connection c, SqlDialect dialect, String where) throws SQLException {
        check(c, dialect, where, FULL_CHECK_BYTES);
    }

    /** @param fullCheckBytes the largest database {@code PRAGMA quick_check} reads whole (tests make it small) */
    static void check(Connection c, SqlDialect dialect, String where, long fullCheckBytes) throws SQLException {
        try {
            if (dialect == SqlDialect.SQLITE) {
                quickCheck(c, where, fullCheckBytes);
            }
            Map<String, Set<String>> tables = tables(c, dialect);
            if (tables.isEmpty()) {
                return; // a new database: the migrations make the schema
            }
            Set<String> log = tables.get(MIGRATIONS);
            if (log == null || !log.containsAll(MIGRATION_COLUMNS)) {
                throw new StoreException(where + ": is a database of another program (tables: "
                        + String.join(", ", shortList(tables.keySet())) + "), not an iobench result database;"
                        + " iobench leaves it as it is: give another --db");
            }
            int version = Migrations.version(c);
            if (version > Migrations.CURRENT) {
                return; // Migrations refuses it, naming the version
            }
            // read again after the version: another process may be migrating, and a schema only grows with its
            // version, so the tables read now have at least what that version has
            tables = tables(c, dialect);
            for (Map.Entry<String, Set<String>> t : expected(version).entrySet()) {
                Set<String> have = tables.get(t.getKey());
                if (have == null) {
                    throw damaged(where, "its table " + t.getKey() + " is missing (schema version " + version
                            + " has it)");
                }
                for (String column : t.getValue()) {
                    if (!have.contains(column)) {
                        throw damaged(where, "the column " + t.getKey() + "." + column + " is missing (schema"
                                + " version " + version + " has it)");
                    }
                }
            }
        } catch (SQLException e) {
            StoreException refusal = refusal(e, dialect, where);
            if (refusal != null) {
                throw refusal;
            }
            throw e;
        }
    }

    /**
     * The refusal SQLite's answer means when a file is not a database or is malformed (the connection's own set-up
     * can meet it first), or null for any other failure.
     */
    static StoreException refusal(SQLException e, SqlDialect dialect, String where) {
        if (dialect == SqlDialect.SQLITE && e instanceof SQLiteException s) {
            int code = s.getResultCode().code & 0xff; // the primary code of an extended one
            if (code == SQLITE_NOTADB) {
                return new StoreException(where + ": is not a SQLite database (its first bytes are not SQLite's"
                        + " header); iobench leaves it as it is: give another --db", e);
            }
            if (code == SQLITE_CORRUPT) {
                return damaged(where, "SQLite reports it malformed (" + Transactions.oneLine(e) + ")");
            }
        }
        return null;
    }

    private static void quickCheck(Connection c, String where, long fullCheckBytes) throws SQLException {
        long pageSize = pragma(c, "page_size");
        long pages = pragma(c, "page_count");
        if (pages * pageSize <= fullCheckBytes) {
            quickCheck(c, where, "PRAGMA quick_check(1)");
            return;
        }
        // a large database: what costs the same whatever it holds
        Path file = mainFile(c);
        if (file != null) {
            long length = size(file);
            // while a write-ahead log holds pages (another process may be checkpointing into the file), the header
            // can run ahead of the file's length: then only whole pages are asked for
            Path wal = Path.of(file + "-wal");
            long headerPages = Files.exists(wal) && size(wal) > 0 ? 0 : headerPages(file);
            if (length % pageSize != 0 || length < headerPages * pageSize) {
                throw damaged(where, "the file is " + length + " bytes, its header says " + headerPages + " pages of "
                        + pageSize + " bytes (a truncated or torn file)");
            }
        }
        long freelist = pragma(c, "freelist_count");
        if (freelist < 0 || freelist > pages) {
            throw damaged(where, "its freelist holds " + freelist + " pages of " + pages);
        }
        quickCheck(c, where, "PRAGMA quick_check(" + MIGRATIONS + ")");
    }

    private static void quickCheck(Connection c, String where, String pragma) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(pragma)) {
            String answer = rs.next() ? rs.getString(1) : "no answer";
            if (!"ok".equals(answer)) {
                throw damaged(where, "PRAGMA quick_check: " + oneLine(answer));
            }
        }
    }

    private static long pragma(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }

    /** The main database file of the connection, or null (an in-memory database). */
    private static Path mainFile(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA database_list")) {
            while (rs.next()) {
                if ("main".equals(rs.getString(2))) {
                    String f = rs.getString(3);
                    return f == null || f.isEmpty() ? null : Path.of(f);
                }
            }
        }
        return null;
    }

    private static long size(Path file) throws SQLException {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // gone meanwhile (a log checkpointed away): nothing to hold against the database
        }
    }

    /** The database size in pages of the SQLite header (bytes 28..31, big-endian); 0 where the header has none. */
    private static long headerPages(Path file) throws SQLException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(4);
            while (b.hasRemaining() && ch.read(b, 28 + b.position()) > 0) {
                // read the four bytes
            }
            return b.hasRemaining() ? 0 : Integer.toUnsignedLong(b.flip().getInt());
        } catch (IOException e) {
            throw new SQLException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static StoreException damaged(String where, String why) {
        return new StoreException(where + ": is damaged: " + why + "; iobench neither reads nor saves there:"
                + " restore a copy, or give another --db");
    }

    /** Every table of the database (its current schema, for PostgreSQL) with its columns, names in lower case. */
    private static Map<String, Set<String>> tables(Connection c, SqlDialect dialect) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        String schema = dialect == SqlDialect.POSTGRESQL ? c.getSchema() : null;
        List<String> names = new ArrayList<>();
        try (ResultSet rs = meta.getTables(null, schema, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                String name = rs.getString("TABLE_NAME");
                if (!name.toLowerCase(Locale.ROOT).startsWith("sqlite_")) {
                    names.add(name);
                }
            }
        }
        Map<String, Set<String>> out = new TreeMap<>();
        for (String name : names) {
            Set<String> columns = new TreeSet<>();
            try (ResultSet rs = meta.getColumns(null, schema, name, "%")) {
                while (rs.next()) {
                    columns.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
            out.put(name.toLowerCase(Locale.ROOT), columns);
        }
        return out;
    }

    /** The tables and columns {@link Migrations} makes up to {@code version}. */
    static Map<String, Set<String>> expected(int version) {
        return EXPECTED.computeIfAbsent(version, v -> {
            try (Connection mem = new JDBC().connect("jdbc:sqlite::memory:", new Properties())) {
                Migrations.apply(mem, SqlDialect.SQLITE, v, ":memory:");
                return Map.copyOf(tables(mem, SqlDialect.SQLITE));
            } catch (SQLException e) {
                throw new IllegalStateException("the schema of version " + v + " cannot be built in memory", e);
            }
        });
    }

    private static List<String> shortList(Set<String> names) {
        List<String> l = new ArrayList<>(names);
        return l.size() <= 5 ? l : List.of(String.join(", ", l.subList(0, 5)), "... " + (l.size() - 5) + " more");
    }

    private static String oneLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
