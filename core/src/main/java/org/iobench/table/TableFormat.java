package org.iobench.table;

import java.util.Locale;

/** The output formats of a {@link Table}; {@code --format text|markdown|csv|json}. */
public enum TableFormat {
    TEXT(new TextTableWriter()),
    MARKDOWN(new MarkdownTableWriter()),
    CSV(new CsvTableWriter()),
    JSON(new JsonTableWriter());

    private final TableWriter writer;

    TableFormat(TableWriter writer) {
        this.writer = writer;
    }

    public TableWriter writer() {
        return writer;
    }

    /**
     * Parses a format name, case-insensitively ({@code "md"} is Markdown).
     *
     * @throws IllegalArgumentException naming the valid formats
     */
    public static TableFormat parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "text", "txt" -> TEXT;
            case "markdown", "md" -> MARKDOWN;
            case "csv" -> CSV;
            case "json" -> JSON;
            default -> throw new IllegalArgumentException(
                    "--format: '" + name + "' is not a table format (text, markdown, csv, json)");
        };
    }
}
