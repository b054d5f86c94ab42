package org.iobench.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collections;
import java.util.List;

/** Small JDBC helpers shared by the store's readers and writers: NaN as SQL NULL, bound argument lists. */
final class Jdbc {
    /** Ids per {@code IN (...)} list: below SQLite's and PostgreSQL's limits on bound parameters. */
    static final int CHUNK = 400;

    private Jdbc() {}

    /** {@code ?, ?, ?} for {@code n} values. */
    static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    /** A statement with {@code args} bound in order: longs, booleans, everything else as text. */
    static PreparedStatement prepare(Connection connection, String sql, List<?> args) throws SQLException {
        PreparedStatement p = connection.prepareStatement(sql);
        for (int i = 0; i < args.size(); i++) {
            switch (args.get(i)) {
                case Long l -> p.setLong(i + 1, l);
                case Boolean b -> p.setBoolean(i + 1, b);
                case Object a -> p.setString(i + 1, a.toString());
            }
        }
        return p;
    }

    /** NaN and infinities are stored as NULL: both databases would refuse or mangle them. */
    static void setDouble(PreparedStatement p, int i, double v) throws SQLException {
        if (Double.isFinite(v)) {
            p.setDouble(i, v);
        } else {
            p.setNull(i, Types.DOUBLE);
        }
    }

    /** Column {@code column}; NULL reads back as NaN. */
    static double getDouble(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? Double.NaN : v;
    }
}
