package org.iobench.store;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.iobench.result.BenchmarkResult;

/**
 * The target a run is filed under: the path the user named, not the scratch file iobench made inside a directory.
 * Runs on the same directory then group by target ({@code iobench runs target:/data}) whichever process made
 * them. Rows saved by earlier builds hold the scratch file ({@code /data/.iobench-1557-1.tmp}); they are read
 * back as its directory, and a {@code target:} selector matches them too.
 */
public final class StoredTarget {
    /**
     * iobench's scratch files: {@code .iobench-TOKEN.tmp} in a directory target and {@code .iobench-SUITE-TOKEN.tmp}
     * of the suites (TOKEN: 26 random base32 characters), and the PID-named ones of earlier builds
     * ({@code .iobench-PID-N.tmp}, {@code .iobench-quick-PID.tmp}).
     */
    private static final Pattern SCRATCH = Pattern.compile(
            "\\.iobench-([a-z][a-z0-9-]*-)?(\\d+(-\\d+)?|[a-z2-7]{26})\\.tmp");

    private StoredTarget() {}

    /**
     * The target to record for {@code b}: the path iobench opened, with a scratch file replaced by its directory;
     * absolute for iobench's own runs (a path relative to the process's directory means nothing later), as it came
     * for imported ones.
     *
     * @param source {@code iobench}, {@code fio}, {@code iobench-json}
     */
    public static String of(BenchmarkResult b, String source) {
        String opened = b.target() != null && b.target().path() != null ? b.target().path()
                : b.job().target().toString();
        String user = userPath(opened);
        if (source.equals("iobench") && !user.isEmpty()) {
            try {
                return Path.of(user).toAbsolutePath().normalize().toString();
            } catch (InvalidPathException e) {
                return user;
            }
        }
        return user;
    }

    /** {@code /data/.iobench-1557-1.tmp} is {@code /data}; any other path is itself. */
    public static String userPath(String recorded) {
        if (recorded == null) {
            return null;
        }
        int slash = recorded.lastIndexOf('/');
        String name = recorded.substring(slash + 1);
        if (!SCRATCH.matcher(name).matches()) {
            return recorded;
        }
        return slash < 0 ? "." : slash == 0 ? "/" : recorded.substring(0, slash);
    }

    /** The SQL LIKE pattern (escape {@code !}) of the scratch files an earlier build recorded in directory {@code dir}. */
    static String scratchPattern(String dir) {
        String escaped = dir.replace("!", "!!").replace("%", "!%").replace("_", "!_");
        return (escaped.endsWith("/") ? escaped : escaped + "/") + ".iobench-%.tmp";
    }
}
