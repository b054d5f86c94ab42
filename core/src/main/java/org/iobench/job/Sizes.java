package org.iobench.job;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints byte sizes.
 *
 * <p>Suffixes {@code k m g t} (any case), {@code KiB MiB GiB TiB} and {@code K M G T} are powers of 1024, as in
 * dd and fio. {@code kB KB MB GB TB} are powers of 1000, as in dd ({@code bs=1MB} is 1,000,000 bytes). A plain
 * number is bytes; an optional trailing {@code b}/{@code B} on a bare unit letter is ignored ({@code 4kb} is
 * 4 KiB, as fio reads it).
 */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([a-zA-Z]*)");

    private Sizes() {}

    /**
     * Parses {@code text}; throws {@link IllegalArgumentException} with a message suitable after the option name
     * ("'3q' is not a size (examples: 512, 4k, 1m, 1GiB)").
     */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw notASize(text);
        }
        long multiplier = multiplier(m.group(2), text);
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), multiplier);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
    }

    private static long multiplier(String unit, String text) {
        return switch (unit) {
            case "", "b", "B", "c" -> 1;
            case "k", "K", "KiB", "kib", "KIB", "kb", "Kb" -> 1L << 10;
            case "m", "M", "MiB", "mib", "MIB", "mb", "Mb" -> 1L << 20;
            case "g", "G", "GiB", "gib", "GIB", "gb", "Gb" -> 1L << 30;
            case "t", "T", "TiB", "tib", "TIB", "tb", "Tb" -> 1L << 40;
            case "kB", "KB" -> 1000L;
            case "MB" -> 1000L * 1000;
            case "GB" -> 1000L * 1000 * 1000;
            case "TB" -> 1000L * 1000 * 1000 * 1000;
            default -> throw notASize(text);
        };
    }

    private static IllegalArgumentException notASize(String text) {
        return new IllegalArgumentException("'" + text + "' is not a size (examples: 512, 4k, 1m, 1GiB)");
    }

    /** {@code 4096 -> "4KiB"}, {@code 1536 -> "1536"}: exact binary units only. */
    public static String binary(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        String best = Long.toString(bytes);
        long v = bytes;
        for (String unit : units) {
            if (v == 0 || v % 1024 != 0) {
                break;
            }
            v /= 1024;
            best = v + unit;
        }
        return best;
    }

    /** {@code "1.1 GB, 1.0 GiB"}: the two human forms dd prints after the byte count. */
    public static String human(long bytes) {
        return humanDecimal(bytes) + ", " + humanBinary(bytes);
    }

    public static String humanDecimal(double bytes) {
        return scaled(bytes, 1000, new String[] {"B", "kB", "MB", "GB", "TB", "PB"});
    }

    public static String humanBinary(double bytes) {
        return scaled(bytes, 1024, new String[] {"B", "KiB", "MiB", "GiB", "TiB", "PiB"});
    }

    private static String scaled(double value, int base, String[] units) {
        int i = 0;
        while (value >= base && i < units.length - 1) {
            value /= base;
            i++;
        }
        return i == 0 ? String.format(Locale.ROOT, "%.0f %s", value, units[0])
                : String.format(Locale.ROOT, value < 10 ? "%.1f %s" : "%.0f %s", value, units[i]);
    }
}
