package org.iobench.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * Pretty-printed JSON, version {@value #FORMAT_VERSION}:
 *
 * <pre>
 * { "formatVersion": 2, "title": "...",
 *   "columns": [ { "key": "baseMin", "group": "w/o patch", "header": "min", "align": "right" } ],
 *   "rows": [ { "bsize": "4K", "baseMin": 317.0, "gainPercent": 32.07 } ],
 *   "footnotes": [ "..." ] }
 * </pre>
 *
 * Each row is an object keyed by column key in camelCase ({@link #key}: the column's {@code base_min} is
 * {@code baseMin}, {@code gain_pct} is {@code gainPercent}, as in the JSON results); numeric cells are JSON numbers
 * (whole ones without a fraction, absent ones {@code null}), other cells strings. Version 1 used the column keys
 * as they are ({@code base_min}).
 */
public final class JsonTableWriter implements TableWriter {
    /** Version of the layout above; bump it on incompatible changes and keep old fixtures. */
    public static final int FORMAT_VERSION = 2;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter WRITER = MAPPER.writer(
            new DefaultPrettyPrinter()
                    .withSeparators(Separators.createDefaultInstance()
                            .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                    .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    @Override
    public void write(Table table, Appendable out) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("formatVersion", FORMAT_VERSION);
        root.put("title", table.title());
        ArrayNode columns = root.putArray("columns");
        for (Column c : table.columns()) {
            columns.addObject()
                    .put("key", key(c.key()))
                    .put("group", c.group())
                    .put("header", c.header())
                    .put("align", c.align().name().toLowerCase(Locale.ROOT));
        }
        ArrayNode rows = root.putArray("rows");
        for (Row row : table.rows()) {
            ObjectNode o = rows.addObject();
            for (int i = 0; i < row.cells().size(); i++) {
                Cell cell = row.cells().get(i);
                String key = key(table.columns().get(i).key());
                if (!cell.numeric()) {
                    o.put(key, cell.text());
                } else if (isWhole(cell.number())) {
                    o.put(key, (long) cell.number()); // a count reads 3, not 3.0
                } else if (Double.isFinite(cell.number())) {
                    o.put(key, cell.number());
                } else {
                    o.putNull(key);
                }
            }
        }
        ArrayNode footnotes = root.putArray("footnotes");
        table.footnotes().forEach(footnotes::add);
        try {
            out.append(WRITER.writeValueAsString(root)).append('\n');
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e); // a tree of strings and numbers always serializes
        }
    }

    /**
     * A column key in camelCase, units spelled as the JSON results spell them: {@code base_min} is {@code baseMin},
     * {@code gain_pct} {@code gainPercent}, {@code sync_s} {@code syncSeconds}, {@code mbps.avg} (and
     * {@code mb_per_s}) {@code megabytesPerSecondAvg}. A label's column keeps the user's label name:
     * {@code label.kernel}.
     */
    static String key(String columnKey) {
        if (columnKey.startsWith("label.")) {
            return columnKey;
        }
        String[] words = columnKey.replace("mb_per_s", "mbps").split("[_.\\-]+");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            String w = switch (words[i].toLowerCase(Locale.ROOT)) {
                case "pct" -> "percent";
                case "mbps" -> "megabytesPerSecond";
                case "s" -> i == words.length - 1 && i > 0 ? "seconds" : words[i];
                default -> words[i];
            };
            if (w.isEmpty()) {
                continue;
            }
            b.append(b.isEmpty() ? Character.toLowerCase(w.charAt(0)) : Character.toUpperCase(w.charAt(0)))
                    .append(w.substring(1));
        }
        return b.isEmpty() ? columnKey : b.toString();
    }

    private static boolean isWhole(double v) {
        return Double.isFinite(v) && v == Math.rint(v) && Math.abs(v) < 1e15;
    }
}
