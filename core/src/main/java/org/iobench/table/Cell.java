package org.iobench.table;

import java.util.Objects;

/**
 * One cell of a {@link Table}: the text people read and, for numbers, the value machines read.
 *
 * <p>Text formats (text, Markdown) print {@code text}; data formats (CSV, JSON) print
 * {@code number} when the cell is {@code numeric} (an absent number, {@code NaN}, becomes an
 * empty CSV field or JSON {@code null}) and {@code text} otherwise.
 *
 * @param text displayed text, for example {@code "+32.1%"} or {@code "~"}
 * @param number the value behind the text, in the unit of the column; {@code NaN} if absent or
 *     the cell is not numeric
 * @param numeric whether {@code number} is the cell's data
 */
public record Cell(String text, double number, boolean numeric) {

    private static final Cell EMPTY = new Cell("", Double.NaN, false);

    public Cell {
        Objects.requireNonNull(text, "text");
    }

    /** A text cell. */
    public static Cell text(String text) {
        return new Cell(text, Double.NaN, false);
    }

    /** A numeric cell showing {@code text}; {@code number} may be NaN (absent). */
    public static Cell number(double number, String text) {
        return new Cell(text, number, true);
    }

    /** A cell with nothing in it (for example min and max of a summary row). */
    public static Cell empty() {
        return EMPTY;
    }
}
