package org.iobench.compare;

import java.util.List;

/**
 * One workload of a {@link MultiColumnComparison}.
 *
 * @param workload label of the row
 * @param cells one per column label, in column order
 */
public record MultiRow(String workload, List<MultiCell> cells) {

    public MultiRow {
        cells = List.copyOf(cells);
    }
}
