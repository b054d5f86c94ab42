package org.iobench.store;

import java.util.Map;
import java.util.regex.Pattern;

/** Label syntax: {@code KEY=VALUE}, the key a word ({@code kernel}, {@code fs.type}), the value any one line. */
public final class Labels {
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]+");

    private Labels() {}

    /**
     * Parses {@code kernel=2.6.24-rc1}.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static Map.Entry<String, String> parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not KEY=VALUE (example: kernel=6.1)");
        }
        String key = text.substring(0, eq).strip();
        String value = text.substring(eq + 1).strip();
        try {
            check(key, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "': " + e.getMessage(), e);
        }
        return Map.entry(key, value);
    }

    /** @throws IllegalArgumentException for a key that is not a word or an empty or multi-line value */
    static void check(String key, String value) {
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("label key '" + key + "' must be letters, digits, '_', '.' or '-'"
                    + " (example: kernel=6.1)");
        }
        if (value == null || value.isEmpty() || value.contains("\n") || value.contains("\r")) {
            throw new IllegalArgumentException("label '" + key + "' needs a one-line, non-empty value"
                    + " (example: " + key + "=6.1)");
        }
    }
}
