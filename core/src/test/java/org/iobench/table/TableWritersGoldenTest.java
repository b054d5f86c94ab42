package org.iobench.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TableWritersGoldenTest {
    private Locale saved;

    /** Awkward on purpose: groups, an absent number, a comma, a quote and a pipe in text. */
    static Table sample() {
        return new Table(
                "dd write, 1 GiB, bs=1M",
                List.of(
                        Column.left("target", "target"),
                        Column.right("async_mbps", "async", "MB/s"),
                        Column.right("async_n", "async", "n"),
                        Column.right("sync_mbps", "sync (O_DIRECT|O_DSYNC)", "MB/s"),
                        Column.left("note", "note")),
                List.of(
                        Row.of(Cell.text("/mnt/raid"), Cell.number(80.1, "80.1"), Cell.number(3, "3"),
                                Cell.number(49.3, "49.3"), Cell.text("2.4.32")),
                        Row.of(Cell.text("/mnt/temp (NFS)"), Cell.number(69.2, "69.2"), Cell.number(1, "1"),
                                Cell.number(Double.NaN, Formats.ABSENT), Cell.text("says \"1,1 GB\"")),
                        Row.of(Cell.text("a|b"), Cell.number(1234.5678, "1234.6"), Cell.number(12, "12"),
                                Cell.number(0.000000064, "0.0"), Cell.empty())),
                List.of("MB/s = 10^6 bytes per second", "n: number of runs"));
    }

    @BeforeEach
    void useALocaleWithADecimalComma() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void everyFormatMatchesItsGoldenFileWhateverTheDefaultLocale(TableFormat format) {
        String extension = switch (format) {
            case TEXT -> "txt";
            case MARKDOWN -> "md";
            case CSV -> "csv";
            case JSON -> "json";
        };
        Golden.assertMatches(format.writer().render(sample()), "report/golden/sample." + extension);
    }

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void aTableWithoutRowsStillPrintsItsHeader(TableFormat format) {
        Table empty = new Table("", List.of(Column.left("workload", "workload")), List.of(), List.of());

        assertThat(format.writer().render(empty)).contains("workload");
    }
}
