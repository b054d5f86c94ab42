package org.iobench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteStoreTest extends StoreContract {
    @TempDir
    Path dir;

    @Override
    String newDatabase() throws Exception {
        return Databases.sqlite(Files.createTempDirectory(dir, "db"));
    }
}
