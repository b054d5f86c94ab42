package org.iobench.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV: a header record of the columns' full headers with the unit of their numbers ({@code p99 (ns)},
 * {@link Column#numberHeader}), then one record per row, each
 * ending with CRLF. Fields holding a comma, a double quote, CR or LF are quoted, with inner
 * quotes doubled. Numeric cells are written as plain numbers ({@link Formats#plain}), absent
 * ones as empty fields; title and footnotes are not data and are left out.
 */
public final class CsvTableWriter implements TableWriter {

    @Override
    public void write(Table table, Appendable out) throws IOException {
        record(out, table.columns().stream().map(Column::numberHeader).toList());
        for (Row row : table.rows()) {
            List<String> fields = new ArrayList<>();
            for (Cell cell : row.cells()) {
                fields.add(cell.numeric() ? Formats.plain(cell.number()) : cell.text());
            }
            record(out, fields);
        }
    }

    private static void record(Appendable out, List<String> fields) throws IOException {
        List<String> quoted = fields.stream().map(CsvTableWriter::quote).toList();
        out.append(String.join(",", quoted)).append("\r\n");
    }

    static String quote(String field) {
        if (field.contains(",") || field.contains("\"") || field.contains("\r") || field.contains("\n")) {
            return '"' + field.replace("\"", "\"\"") + '"';
        }
        return field;
    }
}
