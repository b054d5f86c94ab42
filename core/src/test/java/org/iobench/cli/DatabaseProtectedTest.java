package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result database is data: never replaced by an output, never written by a job, whatever the consent; and a
 * damaged or foreign database is refused before any I/O, in one line.
 */
class DatabaseProtectedTest {
    @TempDir
    Path dir;

    private Path db;
    private Path target;

    @BeforeEach
    void twoRunsSaved() {
        db = dir.resolve("results.db");
        target = dir.resolve("f");
        for (int i = 0; i < 2; i++) {
            InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "256k", "--db",
                    db.toString(), dir.resolve("w" + i).toString());
            assertThat(r.status()).as(r.err()).isZero();
        }
    }

    private void assertRefusedBeforeIo(InProcess.Result r, byte[] dbBefore, String err) throws Exception {
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).isEqualTo(err + "\n");
        assertThat(Files.readAllBytes(db)).as("the database is untouched").isEqualTo(dbBefore);
        assertThat(target).as("refused before any I/O").doesNotExist();
    }

    @Test
    void aRunsOutputIsNeverTheDatabaseEvenWithForce() throws Exception {
        byte[] before = Files.readAllBytes(db);
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db",
                db.toString(), "-o", db.toString(), "--force", target.toString());
        assertRefusedBeforeIo(r, before, "iobench: -o " + db + ": is a SQLite database; results are data: no output"
                + " replaces them, --force or not");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), db);
        r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db", db.toString(),
                "--json", link.toString(), "--force", target.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--json " + link + ": is a SQLite database");
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
    }

    @Test
    void aDatabaseNotYetMadeIsNotAnOutputEither() throws Exception {
        Path fresh = dir.resolve("new.db");
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db",
                fresh.toString(), "-o", fresh.toString(), target.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: -o " + fresh + ": is the result database (--db " + fresh
                + "); results are data: no output replaces them, --force or not\n");
        assertThat(fresh).doesNotExist();
        assertThat(target).doesNotExist();
    }

    @Test
    void aReportPageNeverReplacesADatabase() throws Exception {
        byte[] before = Files.readAllBytes(db);
        InProcess.Result r = InProcess.run("report", "--db", db.toString(), "-o", db.toString(), "--force");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: -o " + db + ": is a SQLite database; results are data: no output"
                + " replaces them, --force or not\n");
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
    }

    @Test
    void aWriteJobNeverTargetsTheDatabaseWhateverTheConsent() throws Exception {
        byte[] before = Files.readAllBytes(db);
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "4k", "--size", "8k", "--allow-overwrite",
                "--db", db.toString(), db.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: TARGET " + db + ": is the result database (--db " + db + ") (or a"
                + " file SQLite keeps beside it); results are data: no job writes them, whatever the consent\n");
        Path link = Files.createSymbolicLink(dir.resolve("innocent"), db);
        r = InProcess.run("run", "--rw", "randwrite", "--bs", "4k", "--size", "8k", "--allow-overwrite", "--no-store",
                "--db", db.toString(), link.toString());
        assertThat(r.status()).as("through a link, and with --no-store too").isEqualTo(2);
        Path wal = dir.resolve("results.db-wal");
        r = InProcess.run("run", "--rw", "write", "--bs", "4k", "--size", "8k", "--allow-overwrite", "--db",
                db.toString(), wal.toString());
        assertThat(r.status()).as("its write-ahead log").isEqualTo(2);
        assertThat(wal).doesNotExist();
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
        InProcess.Result read = InProcess.run("run", "--rw", "read", "--bs", "4k", "--no-store", db.toString());
        assertThat(read.status()).as("reading it destroys nothing: " + read.err()).isZero();
    }

    @Test
    void aDatabaseWithAPageOverwrittenIsRefusedBeforeTheRun() throws Exception {
        long page;
        int pageSize;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = 'runs'")) {
                rs.next();
                page = rs.getLong(1);
            }
            try (ResultSet rs = s.executeQuery("PRAGMA page_size")) {
                rs.next();
                pageSize = rs.getInt(1);
            }
        }
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            f.seek((page - 1) * pageSize + 8);
            f.write(new byte[pageSize - 8]);
        }
        byte[] before = Files.readAllBytes(db);
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db",
                db.toString(), target.toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("iobench: --db " + db + ": is damaged: ").hasLineCount(1)
                .endsWith("; iobench neither reads nor saves there: restore a copy, or give another --db\n");
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
        assertThat(target).doesNotExist();
    }

    @Test
    void aDatabaseWithATableDroppedIsRefusedBeforeTheRun() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("DROP TABLE run_labels");
        }
        byte[] before = Files.readAllBytes(db);
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db",
                db.toString(), target.toString());
        assertRefusedBeforeIo(r, before, "iobench: --db " + db + ": is damaged: its table run_labels is missing"
                + " (schema version " + org.iobench.store.Migrations.CURRENT + " has it); iobench neither reads nor"
                + " saves there: restore a copy, or give another --db");
        InProcess.Result runs = InProcess.run("runs", "--db", db.toString());
        assertThat(runs.status()).isEqualTo(2);
        assertThat(runs.err()).contains("its table run_labels is missing").hasLineCount(1);
    }

    @Test
    void aForeignSqliteFileIsNamedNotMigrated() throws Exception {
        Path other = dir.resolve("app.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, km REAL)");
        }
        byte[] before = Files.readAllBytes(other);
        InProcess.Result r = InProcess.run("run", "--rw", "write", "--bs", "64k", "--size", "64k", "--db",
                other.toString(), target.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("iobench: --db " + other + ": is a database of another program (tables:"
                + " runs), not an iobench result database; iobench leaves it as it is: give another --db\n");
        assertThat(Files.readAllBytes(other)).isEqualTo(before);
        assertThat(target).doesNotExist();
    }
}
