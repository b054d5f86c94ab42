package org.iobench.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs work on one connection in one transaction: committed when it returns, rolled back when it throws, and a
 * failure turned into one {@link StoreException} line naming the database.
 */
final class Transactions {
    /** Work inside a transaction. */
    interface Work<T> {
        T run() throws SQLException;
    }

    private final Connection connection;
    private final String url;

    Transactions(Connection connection, String url) {
        this.connection = connection;
        this.url = url;
    }

    /** @param verb what failed, as in "cannot {@code verb} DATABASE: reason" ({@code "save to"}, {@code "read"}) */
    <T> T run(String verb, Work<T> work) {
        try {
            connection.setAutoCommit(false);
            try {
                T value = work.run();
                connection.commit();
                return value;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            // a malformed page met while reading or saving (a large database is not read whole at open: IntegrityCheck)
            StoreException damaged = IntegrityCheck.refusal(e, SqlDialect.of(url), StoreLocation.describe(url));
            if (damaged != null) {
                throw damaged;
            }
            throw new StoreException("cannot " + verb + " " + StoreLocation.describe(url) + ": " + oneLine(e), e);
        }
    }

    /** The first line of an exception's message: drivers add detail lines that do not belong on a terminal. */
    static String oneLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
