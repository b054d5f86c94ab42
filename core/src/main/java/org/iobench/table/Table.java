package org.iobench.table;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable table, written by a {@link TableWriter} in any {@link TableFormat}.
 *
 * @param title one line above the table; {@code ""} for none
 * @param columns at least one, with unique keys
 * @param rows each with exactly one cell per column
 * @param footnotes lines below the table (legend, warnings); may be empty
 */
public record Table(String title, List<Column> columns, List<Row> rows, List<String> footnotes) {

    public Table {
        Objects.requireNonNull(title, "title");
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        footnotes = List.copyOf(footnotes);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column: title='" + title + "'");
        }
        Set<String> keys = new HashSet<>();
        for (Column c : columns) {
            if (!keys.add(c.key())) {
                throw new IllegalArgumentException("duplicate column key: '" + c.key() + "'");
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).cells().size() != columns.size()) {
                throw new IllegalArgumentException("row " + i + " has " + rows.get(i).cells().size()
                        + " cells but the table has " + columns.size() + " columns");
            }
        }
    }

    /** True if any column has a group, so text output prints a group row above the headers. */
    public boolean hasGroups() {
        return columns.stream().anyMatch(c -> !c.group().isEmpty());
    }
}
