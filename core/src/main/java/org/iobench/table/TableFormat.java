package org.iobench.table;

import java.util.Arrays;
import java.util.List;
import org.iobench.format.Format;

/** The output formats of a {@link Table}; {@code --format text|markdown|csv|json}. */
public enum TableFormat {
    TEXT(Format.TEXT, new TextTableWriter()),
    MARKDOWN(Format.MARKDOWN, new MarkdownTableWriter()),
    CSV(Format.CSV, new CsvTableWriter()),
    JSON(Format.JSON, new JsonTableWriter());

    /** The formats a table is written in, text first. */
    public static final List<Format> FORMATS = Arrays.stream(values()).map(TableFormat::format).toList();

    private final Format format;
    private final TableWriter writer;

    TableFormat(Format format, TableWriter writer) {
        this.format = format;
        this.writer = writer;
    }

    public Format format() {
        return format;
    }

    public TableWriter writer() {
        return writer;
    }

    /**
     * The table format of {@code format}.
     *
     * @throws IllegalArgumentException when a table is not written in it
     */
    public static TableFormat of(Format format) {
        return Arrays.stream(values()).filter(t -> t.format.equals(format)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("--format: '" + format + "' is not a table format ("
                        + String.join(", ", FORMATS.stream().map(Format::name).toList()) + ")"));
    }
}
