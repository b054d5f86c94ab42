package org.iobench.report.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * A JSON tree printed as fio 3.33's {@code json.c} prints its own: two spaces per level, {@code "key" : value},
 * every array element on a line of its own, floating-point numbers as C's {@code %f} (six decimals), integers as
 * they are, and only {@code "} and {@code \} escaped in strings (fio escapes nothing else).
 */
final class FioJsonPrinter {
    private FioJsonPrinter() {}

    /** The document with fio's final newline. */
    static String print(JsonNode root) {
        StringBuilder out = new StringBuilder();
        value(root, 0, out);
        return out.append('\n').toString();
    }

    private static void value(JsonNode v, int level, StringBuilder out) {
        if (v.isObject()) {
            out.append("{\n");
            Iterator<Map.Entry<String, JsonNode>> fields = v.fields();
            boolean first = true;
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                if (!first) {
                    out.append(",\n");
                }
                first = false;
                indent(level + 1, out);
                out.append('"').append(f.getKey()).append("\" : ");
                value(f.getValue(), level + 1, out);
            }
            out.append('\n');
            indent(level, out);
            out.append('}');
        } else if (v.isArray()) {
            out.append("[\n");
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    out.append(",\n");
                }
                indent(level + 1, out);
                value(v.get(i), level + 1, out);
            }
            out.append('\n');
            indent(level, out);
            out.append(']');
        } else if (v.isTextual()) {
            out.append('"').append(v.asText().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        } else if (v.isIntegralNumber()) {
            out.append(v.asLong());
        } else if (v.isNumber()) {
            out.append(String.format(Locale.ROOT, "%f", v.asDouble()));
        } else {
            out.append(v.asText());
        }
    }

    private static void indent(int level, StringBuilder out) {
        out.append("  ".repeat(level));
    }
}
