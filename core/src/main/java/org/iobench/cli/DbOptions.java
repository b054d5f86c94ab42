package org.iobench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.iobench.history.StoredChangePoints;
import org.iobench.session.ExitException;
import org.iobench.session.IoReasons;
import org.iobench.session.OwnFiles;
import org.iobench.store.ResultStore;
import org.iobench.store.SqlDialect;
import org.iobench.store.StoreException;
import org.iobench.store.StoreLocation;
import picocli.CommandLine.Option;

/**
 * {@code --db}: which result database a command reads or writes, and the checks made before a command uses it.
 * Commands that only read never create a database; commands that save check before any work that the database
 * can be written. Only the default location's directory is created when missing: a missing directory in
 * {@code --db} or {@code $IOBENCH_DB} is a typo to report, not a directory to make.
 */
final class DbOptions {
    @Option(names = "--db", paramLabel = "URL",
            description = "result database: jdbc:sqlite:FILE, jdbc:postgresql://HOST/DB?user=U&password=P, or a"
                    + " SQLite file (default: $IOBENCH_DB, else $XDG_DATA_HOME/iobench/results.db,"
                    + " else ~/.local/share/iobench/results.db)")
    String db;

    /** The JDBC URL the options and environment point at. */
    String url() {
        return StoreLocation.resolve(db, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** How messages name the database: {@code --db X}, {@code IOBENCH_DB X} or {@code the result database X}. */
    String named() {
        String where = StoreLocation.describe(url());
        if (db != null && !db.isBlank()) {
            return "--db " + where;
        }
        String env = System.getenv(StoreLocation.ENV_DB);
        return (env != null && !env.isBlank() ? StoreLocation.ENV_DB + " " : "the result database ") + where;
    }

    /** The SQLite file the options and environment point at; empty for PostgreSQL. */
    Optional<Path> sqliteFile() {
        return StoreLocation.sqliteFile(url());
    }

    /**
     * The SQLite result databases no job may write, each with how messages name it: the one the options point at,
     * and the default location when they point elsewhere (it holds the user's results all the same).
     */
    Map<Path, String> protectedFiles() {
        Map<Path, String> out = new LinkedHashMap<>();
        sqliteFile().ifPresent(f -> out.put(f, "the result database (" + named() + ")"));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove(StoreLocation.ENV_DB);
        StoreLocation.sqliteFile(StoreLocation.resolve(null, env, Path.of(System.getProperty("user.home"))))
                .ifPresent(f -> out.putIfAbsent(f, "the default result database " + f));
        return out;
    }

    private boolean defaultLocation() {
        String env = System.getenv(StoreLocation.ENV_DB);
        return (db == null || db.isBlank()) && (env == null || env.isBlank());
    }

    /**
     * Opens a database that must exist already (commands that read: runs, show, compare, report, delete).
     *
     * @throws ExitException status 2 when it does not exist or cannot be opened
     */
    ResultStore openExisting() {
        String url = url();
        dialect(url);
        StoreLocation.sqliteFile(url).ifPresent(file -> {
            if (!Files.exists(file) && defaultLocation()) {
                throw ExitException.usage(named() + ": does not exist yet (iobench run and iobench import save"
                        + " runs there)");
            }
            if (!Files.isDirectory(file.getParent())) {
                throw ExitException.usage(named() + ": the directory " + file.getParent() + " does not exist");
            }
            if (!Files.exists(file)) {
                throw ExitException.usage(named() + ": does not exist (nothing was saved there)");
            }
            requireRegularFile(file);
        });
        return open(url);
    }

    /**
     * Checks, before any work, that results can be saved: the URL names SQLite or PostgreSQL, a SQLite file is a
     * database (or can be created: its directory exists and is writable), a server answers. Creates the default
     * location's directory; never an empty database file.
     *
     * @throws ExitException status 2 naming the reason
     */
    void checkWritable() {
        String url = url();
        dialect(url);
        Optional<Path> file = StoreLocation.sqliteFile(url);
        if (file.isEmpty()) {
            if (url.startsWith("jdbc:postgresql:")) {
                open(url).close();
            }
            return;
        }
        Path f = file.get();
        Path dir = f.getParent();
        if (!Files.isDirectory(dir) && defaultLocation()) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw ExitException.usage(named() + ": cannot create its directory: " + IoReasons.describe(e));
            }
        }
        if (!Files.isDirectory(dir)) {
            throw ExitException.usage(named() + ": the directory " + dir
                    + (Files.exists(dir) ? " is not a directory" : " does not exist"));
        }
        if (Files.exists(f)) {
            requireRegularFile(f);
            open(url).close();
        }
        // SQLite writes the file and, in WAL mode, two more beside it: the directory must take new files
        try {
            OwnFiles.probe(dir); // random name, O_EXCL|O_NOFOLLOW, removed only while still that inode
        } catch (IOException e) {
            throw ExitException.usage(named() + ": cannot create files in " + dir + ": " + IoReasons.reason(e));
        }
    }

    /** Opens for saving, after {@link #checkWritable}; a failure now is an I/O failure (status 1). */
    ResultStore openForSaving() {
        return ResultStore.open(url(), StoredChangePoints.DEFAULTS);
    }

    private ResultStore open(String url) {
        try {
            // every save and delete finds its series' change points again, kept for dashboards (docs/store.md)
            return ResultStore.open(url, StoredChangePoints.DEFAULTS);
        } catch (StoreException e) {
            // the store names the database by its path; the command line names it by what chose it (--db X)
            String where = StoreLocation.describe(url) + ": ";
            String m = e.getMessage();
            throw new ExitException(ExitException.USAGE, m.startsWith(where)
                    ? named() + ": " + m.substring(where.length()) : m, e);
        }
    }

    private static void dialect(String url) {
        try {
            SqlDialect.of(url);
        } catch (StoreException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage(), e);
        }
    }

    private void requireRegularFile(Path file) {
        if (Files.isDirectory(file)) {
            throw ExitException.usage(named() + ": is a directory, not a SQLite database file");
        }
        if (!Files.isRegularFile(file)) {
            throw ExitException.usage(named() + ": is not a regular file, so not a SQLite database");
        }
    }
}
