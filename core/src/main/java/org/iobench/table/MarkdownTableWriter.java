package org.iobench.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown pipe table whose columns are padded, so that the source reads
 * aligned in monospace too. The title comes first as a paragraph, footnotes last as a list.
 * Groups are joined to headers ({@code "w/o patch min"}); {@code |} in text is escaped.
 */
public final class MarkdownTableWriter implements TableWriter {

    @Override
    public void write(Table table, Appendable out) throws IOException {
        List<Column> columns = table.columns();
        List<String> headers = columns.stream().map(c -> escape(c.fullHeader())).toList();
        List<List<String>> rows = table.rows().stream()
                .map(r -> r.cells().stream().map(c -> escape(c.text())).toList())
                .toList();
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = Math.max(3, headers.get(i).length()); // "--:" needs three characters
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        if (!table.title().isEmpty()) {
            out.append(table.title()).append("\n\n");
        }
        line(out, columns, widths, headers);
        List<String> rules = new ArrayList<>();
        for (int i = 0; i < widths.length; i++) {
            String dashes = "-".repeat(widths[i] - 1);
            rules.add(columns.get(i).align() == Align.LEFT ? ":" + dashes : dashes + ":");
        }
        out.append("| ").append(String.join(" | ", rules)).append(" |\n");
        for (List<String> row : rows) {
            line(out, columns, widths, row);
        }
        if (!table.footnotes().isEmpty()) {
            out.append('\n');
            for (String footnote : table.footnotes()) {
                out.append("- ").append(footnote).append('\n');
            }
        }
    }

    private static void line(Appendable out, List<Column> columns, int[] widths, List<String> cells)
            throws IOException {
        List<String> padded = new ArrayList<>();
        for (int i = 0; i < widths.length; i++) {
            padded.add(TextTableWriter.pad(cells.get(i), widths[i], columns.get(i).align()));
        }
        out.append("| ").append(String.join(" | ", padded)).append(" |\n");
    }

    private static String escape(String text) {
        return text.replace("|", "\\|");
    }
}
