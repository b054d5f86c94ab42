package org.iobench.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a database must be before iobench reads or writes anything in it, checked at every open and before the
 * schema's {@link Migrations} touch it:
 * <ul>
 *   <li>whole: SQLite's {@code PRAGMA quick_check} answers {@code ok} (a page overwritten, a torn file, a file
 *       that is not a database are refused, not read and then half-saved);</li>
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

    private IntegrityCheck() {}

    /**
     * @param where the database as messages name it
     * @throws StoreException one line naming the database and what is wrong with it
     */
    static void check(Connection c, Dialect dialect, String where) throws SQLException {
        try {
            if (dialect == Dialect.SQLITE) {
                quickCheck(c, where);
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
    static StoreException refusal(SQLException e, Dialect dialect, String where) {
        if (dialect == Dialect.SQLITE && e instanceof org.sqlite.SQLiteException s) {
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

    private static void quickCheck(Connection c, String where) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("PRAGMA quick_check(1)")) {
            String answer = rs.next() ? rs.getString(1) : "no answer";
            if (!"ok".equals(answer)) {
                throw damaged(where, "PRAGMA quick_check: " + oneLine(answer));
            }
        }
    }

    private static StoreException damaged(String where, String why) {
        return new StoreException(where + ": is damaged: " + why + "; iobench neither reads nor saves there:"
                + " restore a copy, or give another --db");
    }

    /** Every table of the database (its current schema, for PostgreSQL) with its columns, names in lower case. */
    private static Map<String, Set<String>> tables(Connection c, Dialect dialect) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        String schema = dialect == Dialect.POSTGRESQL ? c.getSchema() : null;
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
            try (Connection mem = new org.sqlite.JDBC().connect("jdbc:sqlite::memory:", new java.util.Properties())) {
                Migrations.apply(mem, Dialect.SQLITE, v, ":memory:");
                return Map.copyOf(tables(mem, Dialect.SQLITE));
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
