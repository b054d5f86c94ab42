package org.iobench.job;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations: {@code 180s}, {@code 3m}, {@code 1h}, {@code 500ms}, {@code 250us}; a bare number is seconds (fio). */
public final class Durations {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|sec|m|min|h|d)?");

    private Durations() {}

    public static Duration parse(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (examples: 30s, 3m, 500ms, 1h)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = value * switch (unit) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s", "sec" -> 1e9;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            case "d" -> 86400e9;
            default -> throw new AssertionError(unit);
        };
        if (nanos > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("'" + text + "' is too long");
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    /** {@code "3m"}, {@code "1.5s"}, {@code "500ms"}: the short form users type. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 60_000_000_000L == 0 && nanos > 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return nanos / 1000 + "us";
    }
}
