package org.iobench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * docs/json-schema-v2.json, the published schema of the JSON results, checked with a JSON Schema validator
 * (draft 2020-12): tests hold every document iobench writes against it.
 */
public final class ResultSchema {
    /** The schema as the docs hold it; tests run in core/. */
    public static final Path FILE = Path.of("../docs/json-schema-v2.json");

    private static Schema schema;

    private ResultSchema() {}

    private static synchronized Schema schema() {
        if (schema == null) {
            try {
                JsonNode node = new ObjectMapper().readTree(Files.readString(FILE));
                schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(node);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return schema;
    }

    /** The schema's complaints about {@code doc}, one line each; empty when it conforms. */
    public static List<String> errors(JsonNode doc) {
        List<String> out = new ArrayList<>();
        for (Error e : schema().validate(doc)) {
            out.add(e.getInstanceLocation() + ": " + e.getMessage());
        }
        return out;
    }

    /** Fails with every complaint when {@code json} is not a valid result document, or holds a "NaN" string. */
    public static JsonNode assertValid(String json) {
        try {
            JsonNode doc = new ObjectMapper().readTree(json);
            assertThat(errors(doc)).as("docs/json-schema-v2.json").isEmpty();
            assertThat(strings(doc, "")).as("undefined numbers are null, never a string").noneMatch(
                    s -> s.endsWith("=NaN") || s.endsWith("=Infinity") || s.endsWith("=-Infinity"));
            return doc;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every key of the document, at any depth (labels' keys excepted: they are the user's). */
    public static List<String> keys(JsonNode node) {
        List<String> out = new ArrayList<>();
        walk(node, out);
        return out;
    }

    private static void walk(JsonNode node, List<String> out) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                out.add(f.getKey());
                if (!f.getKey().equals("labels")) {
                    walk(f.getValue(), out);
                }
            }
        } else if (node.isArray()) {
            node.forEach(e -> walk(e, out));
        }
    }

    private static List<String> strings(JsonNode node, String path) {
        List<String> out = new ArrayList<>();
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> out.addAll(strings(f.getValue(), path + "." + f.getKey())));
        } else if (node.isArray()) {
            node.forEach(e -> out.addAll(strings(e, path + "[]")));
        } else if (node.isTextual()) {
            out.add(path + "=" + node.asText());
        }
        return out;
    }
}
