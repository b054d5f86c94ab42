package org.iobench.table;

import java.util.List;

/** One row of a {@link Table}: one cell per column, in column order. */
public record Row(List<Cell> cells) {

    public Row {
        cells = List.copyOf(cells);
    }

    public static Row of(Cell... cells) {
        return new Row(List.of(cells));
    }
}
