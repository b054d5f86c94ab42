package org.iobench.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iobench.format.Format;
import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void aRowWithTheWrongNumberOfCellsIsRejectedWithBothCounts() {
        assertThatThrownBy(() -> new Table("t", List.of(Column.left("a", "a"), Column.right("b", "b")),
                        List.of(Row.of(Cell.text("x"))), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("row 0 has 1 cells but the table has 2 columns");
    }

    @Test
    void duplicateColumnKeysAreRejected() {
        assertThatThrownBy(() -> new Table("t", List.of(Column.left("a", "x"), Column.right("a", "y")),
                        List.of(), List.of()))
                .hasMessageContaining("duplicate column key: 'a'");
    }

    @Test
    void formatNamesParseCaseInsensitivelyAndUnknownOnesAreListed() {
        assertThat(TableFormat.of(Format.named("MD", TableFormat.FORMATS).orElseThrow()))
                .isEqualTo(TableFormat.MARKDOWN);
        assertThat(Format.named("html", TableFormat.FORMATS)).isEmpty();
        assertThatThrownBy(() -> TableFormat.of(Format.HTML))
                .hasMessage("--format: 'html' is not a table format (text, markdown, csv, json)");
    }
}
