package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each of these once ended without a word, or with the wrong status (issue 30, item 13): now one line each. */
class UnclearMessagesCliTest {
    @TempDir
    Path dir;

    @Test
    void aFileEngineRefusesItsExistingFilesBeforeAnyIoWithExit2() throws Exception {
        Path files = Files.createDirectory(dir.resolve("fc"));
        Files.writeString(files.resolve("fc.0.1"), "mine");
        Path job = Files.writeString(dir.resolve("fc.fio"), "[fc]\nioengine=filecreate\nnrfiles=2\nfilesize=4k\n"
                + "directory=" + files + "\n");
        InProcess.Result r = InProcess.run("run", job.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("iobench: TARGET " + files.resolve("fc.0.1") + ": exists; the"
                + " filecreate engine works only on files it makes (--allow-overwrite hands existing ones over)");
        try (var left = Files.list(files)) {
            assertThat(left).as("fc.0.0 not made, fc.0.1 untouched").containsExactly(files.resolve("fc.0.1"));
        }
        assertThat(Files.readString(files.resolve("fc.0.1"))).isEqualTo("mine");
    }

    /** fio 3.33 refuses such a file ("option <\uFEFF[a]> outside of [] job section"); iobench reads it without the mark. */
    @Test
    void aJobFileStartingWithAByteOrderMarkIsRead() throws Exception {
        Path job = dir.resolve("bom.fio");
        Files.write(job, ("\uFEFF[a]\nioengine=null\nrw=read\nbs=4k\nsize=1m\nfilename=" + dir.resolve("x") + "\n")
                .getBytes(StandardCharsets.UTF_8));
        InProcess.Result r = InProcess.run("run", job.toString(), "--no-store");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("a: read, bs 4KiB");
    }

    @Test
    void aSignalWhileWaitingForALockedDatabaseSaysSo() throws Exception {
        Path db = dir.resolve("r.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE held (x)");
            s.execute("BEGIN EXCLUSIVE");
            s.execute("INSERT INTO held VALUES (1)");
            Process p = Cli.start(dir, "run", "--engine", "null", "--size", "1m", dir.toString(), "--db",
                    db.toString());
            Cli.assumeSigintDelivered(p);
            Cli.awaitCondition(p, "the database open", () -> opens(p, db));
            Cli.signal(p, "INT");
            Cli.Result r = Cli.finish(p);
            assertThat(r.status()).as(r.err()).isEqualTo(130);
            assertThat(r.err().strip()).isEqualTo("iobench: interrupted by SIGINT while opening the result database "
                    + db + "; nothing was measured or saved");
        }
    }

    @Test
    void aScratchFileLeftBecauseItsDirectoryWasRenamedMidSweepIsNamed() throws Exception {
        Path sweep = Files.createDirectory(dir.resolve("sweep"));
        Process p = Cli.start(dir, "run", "--rw", "randread", "--bs", "4k,8k", "--size", "16m", "--time", "3s",
                sweep.toString(), "--no-store");
        Cli.awaitThread(p, "iobench-worker"); // the first point measures: its scratch file exists
        Path renamed = dir.resolve("renamed");
        Files.move(sweep, renamed);
        Cli.Result r = Cli.finish(p);
        String left;
        try (var files = Files.list(renamed)) {
            left = files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".iobench-")).findFirst()
                    .orElseThrow();
        }
        assertThat(r.err()).contains("iobench: could not remove scratch file " + sweep.resolve(left) + " (")
                .contains("it is no longer there").contains("safe to delete (find MOUNT -xdev -inum ");
    }

    /** Whether {@code p} has {@code file} open (one of its /proc/PID/fd links). */
    private static boolean opens(Process p, Path file) {
        try (var fds = Files.list(Path.of("/proc", Long.toString(p.pid()), "fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(file);
                } catch (java.io.IOException gone) {
                    return false;
                }
            });
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
