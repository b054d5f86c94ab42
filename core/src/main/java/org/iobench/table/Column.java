package org.iobench.table;

import java.util.Objects;

/**
 * One column of a {@link Table}.
 *
 * @param key machine name, unique in its table: the JSON field name (for example {@code "base_min"})
 * @param group header shared by adjacent columns with the same group (for example
 *     {@code "w/o patch"} over min, avg and max); {@code ""} for none
 * @param header the column's own header (for example {@code "min"})
 * @param align alignment of header and cells
 */
public record Column(String key, String group, String header, Align align) {

    public Column {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(align, "align");
        if (key.isBlank()) {
            throw new IllegalArgumentException("column key must not be blank: header='" + header + "'");
        }
    }

    /** A left-aligned column without a group, for labels. */
    public static Column left(String key, String header) {
        return new Column(key, "", header, Align.LEFT);
    }

    /** A right-aligned column without a group, for numbers. */
    public static Column right(String key, String header) {
        return new Column(key, "", header, Align.RIGHT);
    }

    /** A right-aligned column under {@code group}. */
    public static Column right(String key, String group, String header) {
        return new Column(key, group, header, Align.RIGHT);
    }

    /** Group and header in one line, for formats without group rows (Markdown, CSV). */
    public String fullHeader() {
        return group.isEmpty() ? header : header.isEmpty() ? group : group + " " + header;
    }
}
