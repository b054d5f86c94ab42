package org.iobench.store;

import org.junit.jupiter.api.BeforeAll;

/** The store contract against a real PostgreSQL server ({@code IOBENCH_TEST_PG_URL}); skipped without one. */
class PostgresStoreTest extends StoreContract {
    private static String server;

    @BeforeAll
    static void server() {
        server = Databases.postgres();
    }

    @Override
    String newDatabase() throws Exception {
        return Databases.freshSchema(server);
    }

    @Override
    void dispose(String url) {
        Databases.dropSchema(url);
    }
}
