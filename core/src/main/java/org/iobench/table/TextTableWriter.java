package org.iobench.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Aligned monospace text, like the tables of LKML posts: the title, a group row (when columns
 * have groups), the header row, the rows, then a blank line and the footnotes. Columns are
 * separated by two spaces; lines carry no trailing spaces.
 *
 * <pre>
 * bsize  w/o patch KB/s    with patch KB/s    gain
 *          min  avg  max    min  avg  max
 * 4K       317  318  319    417  420  423   +32.1%
 * </pre>
 */
public final class TextTableWriter implements TableWriter {
    private static final String GAP = "  ";

    @Override
    public void write(Table table, Appendable out) throws IOException {
        List<Column> columns = table.columns();
        int[] widths = widths(table);
        if (!table.title().isEmpty()) {
            out.append(table.title()).append('\n');
        }
        if (table.hasGroups()) {
            line(out, groupRow(columns, widths));
        }
        List<String> header = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            header.add(pad(columns.get(i).header(), widths[i], columns.get(i).align()));
        }
        line(out, String.join(GAP, header));
        for (Row row : table.rows()) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                cells.add(pad(row.cells().get(i).text(), widths[i], columns.get(i).align()));
            }
            line(out, String.join(GAP, cells));
        }
        if (!table.footnotes().isEmpty()) {
            out.append('\n');
            for (String footnote : table.footnotes()) {
                line(out, footnote);
            }
        }
    }

    private static int[] widths(Table table) {
        List<Column> columns = table.columns();
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = columns.get(i).header().length();
            for (Row row : table.rows()) {
                widths[i] = Math.max(widths[i], row.cells().get(i).text().length());
            }
        }
        // A group label wider than its columns widens them evenly, the last ones most.
        for (int start = 0; start < widths.length; ) {
            int end = groupEnd(columns, start);
            int extra = columns.get(start).group().length() - spanWidth(widths, start, end);
            for (int i = start; extra > 0 && i < end; i++) {
                int share = extra / (end - i);
                widths[i] += share;
                extra -= share;
            }
            start = end;
        }
        return widths;
    }

    private static String groupRow(List<Column> columns, int[] widths) {
        List<String> parts = new ArrayList<>();
        for (int start = 0; start < widths.length; ) {
            int end = groupEnd(columns, start);
            parts.add(pad(columns.get(start).group(), spanWidth(widths, start, end), Align.LEFT));
            start = end;
        }
        return String.join(GAP, parts);
    }

    /** End (exclusive) of the run of columns starting at {@code start} that share its group. */
    private static int groupEnd(List<Column> columns, int start) {
        String group = columns.get(start).group();
        int end = start + 1;
        while (!group.isEmpty() && end < columns.size() && columns.get(end).group().equals(group)) {
            end++;
        }
        return end;
    }

    private static int spanWidth(int[] widths, int start, int end) {
        int span = GAP.length() * (end - start - 1);
        for (int i = start; i < end; i++) {
            span += widths[i];
        }
        return span;
    }

    static String pad(String text, int width, Align align) {
        String fill = " ".repeat(Math.max(0, width - text.length()));
        return align == Align.LEFT ? text + fill : fill + text;
    }

    private static void line(Appendable out, String line) throws IOException {
        out.append(line.stripTrailing()).append('\n');
    }
}
