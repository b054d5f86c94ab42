package org.iobench.store.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** A fio job's options: its "job options" over the document's "global options", names as fio spells them. */
final class FioImportedOptions {
    private static final Map<String, String> ALIASES = Map.of("readwrite", "rw", "blocksize", "bs",
            "blocksize_range", "bsrange", "iodepth_batch", "iodepth_batch_submit");
    private final Map<String, String> values = new LinkedHashMap<>();

    FioImportedOptions(JsonNode global, JsonNode job) {
        put(global);
        put(job);
    }

    private void put(JsonNode options) {
        if (options != null) {
            options.properties().forEach(e -> values.put(ALIASES.getOrDefault(e.getKey(), e.getKey()),
                    e.getValue().asText()));
        }
    }

    Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name)).map(String::strip);
    }

    String get(String name, String otherwise) {
        return get(name).orElse(otherwise);
    }

    int getInt(String name, int otherwise) {
        return get(name).map(v -> {
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }).orElse(otherwise);
    }

    /** fio booleans: {@code 1}, {@code true}, or the bare option (an empty value). */
    boolean flag(String name) {
        return get(name).map(v -> v.isEmpty() || v.equals("1") || v.equalsIgnoreCase("true")).orElse(false);
    }
}
