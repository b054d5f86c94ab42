package org.iobench.cli;

import java.nio.file.Path;
import org.iobench.store.ResultStore;
import org.iobench.store.StoreException;
import org.iobench.store.StoreLocation;
import picocli.CommandLine.Option;

/** {@code --db}: which result database a command reads or writes. */
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

    /** Opens the database; a failure ends the command with status 1 and one line. */
    ResultStore open() {
        try {
            return ResultStore.open(url());
        } catch (StoreException e) {
            throw new ExitException(ExitException.IO_FAILURE, e.getMessage());
        }
    }
}
