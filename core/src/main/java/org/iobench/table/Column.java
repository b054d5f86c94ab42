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
 * @param unit what a numeric cell's number is in, when its text says it otherwise (the text {@code 24.3us}, the
 *     number in {@code ns}; the text {@code 4KiB}, the number in {@code bytes}); {@code ""} when the header says it
 *     already. CSV headers name it, since CSV carries the number
 */
public record Column(String key, String group, String header, Align align, String unit) {

    public Column(String key, String group, String header, Align align) {
        this(key, group, header, align, "");
    }

    public Column {
        Objects.requireNonNull(unit, "unit");
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

    /** This column with its numbers in {@code unit} ({@code ns}, {@code bytes}). */
    public Column withUnit(String unit) {
        return new Column(key, group, header, align, unit);
    }

    /** The header of a format that carries numbers, not their text (CSV): with the unit, {@code p99 (ns)}. */
    public String numberHeader() {
        return unit.isEmpty() ? fullHeader() : fullHeader() + " (" + unit + ")";
    }

    /** Group and header in one line, for formats without group rows (Markdown, CSV). */
    public String fullHeader() {
        return group.isEmpty() ? header : header.isEmpty() ? group : group + " " + header;
    }
}
