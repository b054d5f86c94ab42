package org.iobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.iobench.job.RwMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database above {@link IntegrityCheck#FULL_CHECK_BYTES} is not read whole at every open (that would make every
 * command cost the store's size): what is checked then costs the same whatever it holds, and a malformed page a
 * command meets later is refused as damaged all the same. The bound is made 0 here, so small files take that path.
 */
class LargeStoreCheckTest {
    @TempDir
    Path dir;

    private String store(int runs) {
        String url = Databases.sqlite(dir);
        try (ResultStore store = ResultStore.open(url)) {
            for (int i = 0; i < runs; i++) {
                store.save(StoreFixtures.run(StoreFixtures.result("/dev/md0", RwMode.READ, 4096, 1, true, 1e8 + i),
                        Map.of("n", "" + i), StoreFixtures.T0.plusSeconds(i)));
            }
        }
        return url; // closed: the log is checkpointed into the file and removed
    }

    private Path file() {
        return dir.resolve("results.db");
    }

    private static void check(String url) throws Exception {
        try (Connection c = new org.sqlite.JDBC().connect(url, new Properties())) {
            IntegrityCheck.check(c, SqlDialect.SQLITE, "DB", 0);
        }
    }

    private static int pragma(String url, String name) throws Exception {
        try (Connection c = new org.sqlite.JDBC().connect(url, new Properties()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void aWholeLargeDatabasePasses() throws Exception {
        String url = store(30);
        assertThatCode(() -> check(url)).doesNotThrowAnyException();
    }

    @Test
    void aTruncatedLargeDatabaseIsRefused() throws Exception {
        String url = store(30);
        int pageSize = pragma(url, "page_size");
        try (RandomAccessFile f = new RandomAccessFile(file().toFile(), "rw")) {
            f.setLength(f.length() - pageSize);
        }
        // SQLite may meet the missing page first (SQLITE_CORRUPT): the same refusal either way
        assertThatThrownBy(() -> check(url)).isInstanceOf(StoreException.class)
                .hasMessageStartingWith("DB: is damaged: ");
    }

    @Test
    void aLargeDatabaseOfPartPagesIsRefused() throws Exception {
        String url = store(3);
        try (RandomAccessFile f = new RandomAccessFile(file().toFile(), "rw")) {
            f.setLength(f.length() + 100);
        }
        assertThatThrownBy(() -> check(url)).isInstanceOf(StoreException.class)
                .hasMessageContaining("(a truncated or torn file)");
    }

    @Test
    void aMalformedPageACommandReadsIsRefusedAsDamaged() throws Exception {
        String url = store(40);
        long page;
        int pageSize = pragma(url, "page_size");
        try (Connection c = new org.sqlite.JDBC().connect(url, new Properties()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = 'samples'")) {
            rs.next();
            page = rs.getLong(1);
        }
        try (RandomAccessFile f = new RandomAccessFile(file().toFile(), "rw")) {
            byte[] junk = new byte[pageSize];
            java.util.Arrays.fill(junk, (byte) 0x5a);
            f.seek((page - 1) * pageSize);
            f.write(junk);
        }
        check(url); // the open's checks pass: the samples table is not read at open
        try (Connection c = new org.sqlite.JDBC().connect(url, new Properties())) {
            Transactions t = new Transactions(c, url);
            assertThatThrownBy(() -> t.run("read", () -> {
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT sum(iops) FROM samples")) {
                    return rs.next();
                }
            })).isInstanceOf(StoreException.class).hasMessageStartingWith(file() + ": is damaged: ")
                    .hasMessageContaining("restore a copy, or give another --db");
        }
        assertThat(file()).exists();
    }
}
