package org.iobench.store;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where results are kept: {@code --db}, else {@code $IOBENCH_DB}, else {@code $XDG_DATA_HOME/iobench/results.db},
 * else {@code ~/.local/share/iobench/results.db}. A value that is not a JDBC URL is a SQLite file path.
 */
public final class StoreLocation {
    public static final String ENV_DB = "IOBENCH_DB";

    private StoreLocation() {}

    /**
     * @param option the {@code --db} value, or null
     * @param env    the environment ({@code System.getenv()}); empty values count as unset
     * @param home   the user's home directory
     * @return a JDBC URL
     */
    public static String resolve(String option, Map<String, String> env, Path home) {
        String v = blankToNull(option);
        if (v == null) {
            v = blankToNull(env.get(ENV_DB));
        }
        if (v != null) {
            return v.startsWith("jdbc:") ? v : "jdbc:sqlite:" + Path.of(v).toAbsolutePath();
        }
        String xdg = blankToNull(env.get("XDG_DATA_HOME"));
        Path base = xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".local/share");
        return "jdbc:sqlite:" + base.resolve("iobench").resolve("results.db");
    }

    /**
     * The file of a SQLite URL ({@code jdbc:sqlite:/x/results.db?opt=1} gives {@code /x/results.db}); empty for
     * another database, an in-memory one, or a {@code file:} URI (SQLite's own syntax, passed through as it is).
     */
    public static Optional<Path> sqliteFile(String jdbcUrl) {
        if (!jdbcUrl.startsWith("jdbc:sqlite:")) {
            return Optional.empty();
        }
        String path = jdbcUrl.substring("jdbc:sqlite:".length());
        int q = path.indexOf('?');
        if (q >= 0) {
            path = path.substring(0, q);
        }
        if (path.isEmpty() || path.startsWith(":memory:") || path.startsWith("file:")) {
            return Optional.empty();
        }
        return Optional.of(Path.of(path).toAbsolutePath());
    }

    /** The URL for messages: a SQLite file as its path, PostgreSQL without the password. */
    public static String describe(String jdbcUrl) {
        if (jdbcUrl.startsWith("jdbc:sqlite:")) {
            return jdbcUrl.substring("jdbc:sqlite:".length());
        }
        return jdbcUrl.replaceAll("(?i)(password=)[^&]*", "$1***");
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
