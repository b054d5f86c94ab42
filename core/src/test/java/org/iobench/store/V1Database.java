package org.iobench.store;

import java.nio.file.Path;
import java.sql.SQLException;

/** A SQLite store holding one row as an iobench of schema 2 saved it (test resources {@code store/v1/}), for tests of other packages. */
public final class V1Database {
    private V1Database() {}

    /**
     * Makes {@link Databases#sqlite}{@code (dir)} at schema 2 with {@code fixture}'s row in it (the next open
     * migrates it); returns the row's id.
     */
    public static long withRow(Path dir, String fixture) throws SQLException {
        String url = Databases.sqlite(dir);
        try (ResultStore old = ResultStore.open(url, 2)) {
            if (old.schemaVersion() != 2) {
                throw new IllegalStateException("not at schema 2: " + old.schemaVersion());
            }
        }
        return V1Rows.insert(url, V1Rows.named(fixture));
    }
}
