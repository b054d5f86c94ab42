package org.iobench.table;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes a {@link Table} in one format. Implementations are stateless and thread-safe; their
 * output does not depend on the default locale (cells carry text formatted with
 * {@link Formats}, which uses {@link java.util.Locale#ROOT}; data formats print numbers with a
 * '.' decimal point).
 */
public interface TableWriter {

    /** Appends {@code table} to {@code out}; lines end with {@code "\n"} (CSV: {@code "\r\n"}). */
    void write(Table table, Appendable out) throws IOException;

    /** Returns {@code table} as a string. */
    default String render(Table table) {
        StringBuilder sb = new StringBuilder();
        try {
            write(table, sb);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return sb.toString();
    }
}
