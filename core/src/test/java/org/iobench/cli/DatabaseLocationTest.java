package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only the default database location is created when missing, and only by a command that saves: reading commands
 * say the database does not exist yet; a missing directory in $IOBENCH_DB is named, not created.
 */
class DatabaseLocationTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultLocationIsCreatedBySavingNotByReading() throws Exception {
        Path xdg = dir.resolve("xdg");
        Map<String, String> env = Map.of("XDG_DATA_HOME", xdg.toString(), "IOBENCH_DB", "");
        Cli.Result read = StoreCliTest.iobench(dir, env, "runs");
        assertThat(read.status()).isEqualTo(2);
        assertThat(read.err()).isEqualTo("iobench: the result database " + xdg.resolve("iobench/results.db")
                + ": does not exist yet (iobench run and iobench import save runs there)\n");
        assertThat(xdg).doesNotExist();

        Cli.Result saved = StoreCliTest.iobench(dir, env, "run", "--rw", "write", "--bs", "64k", "--size", "256k",
                "-q", "--sample-interval", "0", dir.resolve("f").toString());
        assertThat(saved.status()).as(saved.err()).isZero();
        assertThat(xdg.resolve("iobench/results.db")).isRegularFile();
    }

    @Test
    void aMissingDirectoryInIobenchDbIsNamedBeforeTheRun() throws Exception {
        Path db = dir.resolve("nope/x.db");
        Cli.Result r = StoreCliTest.iobench(dir, Map.of("IOBENCH_DB", db.toString()), "run", "--rw", "write",
                "--bs", "64k", "--size", "256k", dir.resolve("f").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: IOBENCH_DB " + db + ": the directory " + db.getParent()
                + " does not exist\n");
        assertThat(db.getParent()).doesNotExist();
        assertThat(dir.resolve("f")).doesNotExist();
    }
}
