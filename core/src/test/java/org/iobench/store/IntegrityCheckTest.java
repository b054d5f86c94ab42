package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A database is opened only when it is whole and iobench's: damaged or foreign files are refused untouched. */
class IntegrityCheckTest {
    @TempDir
    Path dir;

    private String dbWithRuns(int runs) {
        String url = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(url)) {
            for (int i = 0; i < runs; i++) {
                store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.READ, 4096, 1, true, 1e8 + i),
                        Map.of("n", "" + i), StoreFixtures.T0.plusSeconds(i)));
            }
        }
        return url;
    }

    private Path file() {
        return dir.resolve("results.db");
    }

    @Test
    void aWholeDatabaseOpensAgainWithItsRuns() {
        String url = dbWithRuns(3);
        try (ResultStore store = ResultStore.open(url)) {
            assertThat(store.get(3)).isPresent();
        }
    }

    @Test
    void aPageOverwrittenIsRefusedAsDamaged() throws Exception {
        String url = dbWithRuns(40);
        long page;
        int pageSize;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = 'samples'")) {
                rs.next();
                page = rs.getLong(1);
            }
            try (ResultSet rs = s.executeQuery("PRAGMA page_size")) {
                rs.next();
                pageSize = rs.getInt(1);
            }
        }
        try (RandomAccessFile f = new RandomAccessFile(file().toFile(), "rw")) {
            byte[] junk = new byte[pageSize];
            java.util.Arrays.fill(junk, (byte) 0x5a);
            f.seek((page - 1) * pageSize);
            f.write(junk);
        }
        byte[] before = Files.readAllBytes(file());
        assertThatThrownBy(() -> ResultStore.open(url)).isInstanceOf(StoreException.class)
                .hasMessageStartingWith(file() + ": is damaged: ")
                .hasMessageContaining("restore a copy, or give another --db")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(Files.readAllBytes(file())).isEqualTo(before);
    }

    @Test
    void aDroppedTableIsRefusedNamingIt() throws Exception {
        String url = dbWithRuns(2);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DROP TABLE samples");
        }
        assertThatThrownBy(() -> ResultStore.open(url)).isInstanceOf(StoreException.class)
                .hasMessage(file() + ": is damaged: its table samples is missing (schema version "
                        + Migrations.CURRENT + " has it); iobench neither reads nor saves there: restore a copy, or"
                        + " give another --db");
    }

    @Test
    void aDroppedColumnIsRefusedNamingIt() throws Exception {
        String url = dbWithRuns(1);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DROP INDEX runs_by_test");
            s.execute("ALTER TABLE runs DROP COLUMN test");
        }
        assertThatThrownBy(() -> ResultStore.open(url)).isInstanceOf(StoreException.class)
                .hasMessageContaining("the column runs.test is missing");
    }

    @Test
    void aForeignSqliteFileIsNamedAndLeftAsItIs() throws Exception {
        String url = Databases.sqlite(dir);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE runs (x INTEGER)");
            s.execute("CREATE TABLE notes (y TEXT)");
        }
        byte[] before = Files.readAllBytes(file());
        assertThatThrownBy(() -> ResultStore.open(url)).isInstanceOf(StoreException.class)
                .hasMessage(file() + ": is a database of another program (tables: notes, runs), not an iobench"
                        + " result database; iobench leaves it as it is: give another --db");
        assertThat(Files.readAllBytes(file())).isEqualTo(before); // no schema_migrations, no WAL switch
        assertThat(Files.exists(dir.resolve("results.db-wal"))).isFalse();
    }

    @Test
    void aFileThatIsNotADatabaseIsNamed() throws Exception {
        Files.writeString(file(), "{\"formatVersion\": 2, \"runs\": []}\n".repeat(200), StandardCharsets.UTF_8);
        byte[] before = Files.readAllBytes(file());
        assertThatThrownBy(() -> ResultStore.open(Databases.sqlite(dir))).isInstanceOf(StoreException.class)
                .hasMessage(file() + ": is not a SQLite database (its first bytes are not SQLite's header);"
                        + " iobench leaves it as it is: give another --db");
        assertThat(Files.readAllBytes(file())).isEqualTo(before);
    }

    @Test
    void theExpectedSchemaIsTheMigrations() {
        assertThat(IntegrityCheck.expected(Migrations.CURRENT)).containsKeys("runs", "run_labels", "samples",
                "schema_migrations");
        assertThat(IntegrityCheck.expected(1).get("runs")).doesNotContain("test");
        assertThat(IntegrityCheck.expected(Migrations.CURRENT).get("runs")).contains("test", "document_version");
    }
}
