package org.iobench.job;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as fio reads them: a number and an optional unit, case-insensitive, with fio's {@code kb_base} rules.
 * With {@code kb_base=1024} (fio's default) {@code k}, {@code kb}, {@code m}, {@code mb}, ... are powers of 1024
 * and, for compatibility with old job files, {@code kib}, {@code mib}, ... are powers of 1000. With
 * {@code kb_base=1000} it is the other way round, as the SI and IEC standards have it.
 */
public final class FioSizes {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([a-zA-Z]*)");
    private static final String PREFIXES = "kmgtp";

    private FioSizes() {}

    /** Throws IllegalArgumentException saying what is wrong with {@code text}. */
    public static long parse(String text, int kbBase) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (examples: 4k, 1m, 10g)");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        long multiplier;
        if (unit.isEmpty() || unit.equals("b")) {
            multiplier = 1;
        } else {
            int power = PREFIXES.indexOf(unit.charAt(0)) + 1;
            String rest = unit.substring(1);
            if (power == 0 || !(rest.isEmpty() || rest.equals("b") || rest.equals("ib"))) {
                throw new IllegalArgumentException("'" + text + "' has an unknown unit (k, m, g, t, p, optionally"
                        + " followed by b or ib)");
            }
            boolean iec = rest.equals("ib");
            long base = iec ? (kbBase == 1000 ? 1024 : 1000) : kbBase;
            multiplier = 1;
            for (int i = 0; i < power; i++) {
                multiplier = Math.multiplyExact(multiplier, base);
            }
        }
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), multiplier);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
    }
}
