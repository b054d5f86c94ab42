package org.iobench.job;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Numbers as GNU dd reads them in {@code bs=}, {@code count=} and the like: digits with an optional multiplicative
 * suffix, and products joined by {@code x} ({@code 2x512}).
 *
 * <p>Suffixes: {@code c}=1, {@code w}=2, {@code b}=512, {@code kB}/{@code KB}=1000, {@code K}/{@code k}/{@code KiB}
 * =1024, {@code MB}=10^6, {@code M}/{@code MiB}/{@code xM}=2^20, and so on through {@code E}. Unlike iobench's own
 * {@link Sizes}, {@code b} is a 512-byte block and lower-case {@code m} is not a unit (GNU dd refuses
 * {@code bs=1m}). A trailing {@code B} alone ({@code count=3B}) marks a byte count; {@link #parse} reports it.
 */
public final class DdNumbers {
    private static final Pattern FACTOR = Pattern.compile("(\\d*)([a-zA-Z]*)");
    private static final String PREFIXES = "KMGTPE";

    /** A parsed number and whether it ended in a bare {@code B} (bytes rather than blocks). */
    public record Value(long value, boolean bytes) {}

    private DdNumbers() {}

    /**
     * Parses {@code text} for operand {@code operand}; throws {@link InvalidJobException} naming both, as dd's
     * "invalid number" does.
     */
    public static Value parse(String operand, String text) {
        String[] factors = text.split("x", -1);
        long product = 1;
        boolean bytes = false;
        for (int i = 0; i < factors.length; i++) {
            String f = factors[i];
            Matcher m = FACTOR.matcher(f);
            if (f.isEmpty() || !m.matches() || (m.group(1).isEmpty() && i == 0)) {
                throw invalid(operand, text);
            }
            String digits = m.group(1);
            String suffix = m.group(2);
            if (suffix.equals("B") && i == factors.length - 1 && !digits.isEmpty()) {
                bytes = true;
                suffix = "";
            }
            long base;
            try {
                base = digits.isEmpty() ? 1 : Long.parseLong(digits);
            } catch (NumberFormatException e) {
                throw invalid(operand, text);
            }
            if (base == 0 && i < factors.length - 1) {
                throw new InvalidJobException("dd: " + operand + "=" + text + ": '0x' is a zero multiplier, which dd refuses"
                        + " too; use '00x' if that is intended");
            }
            try {
                product = Math.multiplyExact(product, Math.multiplyExact(base, multiplier(suffix, operand, text)));
            } catch (ArithmeticException e) {
                throw new InvalidJobException("dd: " + operand + "=" + text + ": value too large");
            }
        }
        return new Value(product, bytes);
    }

    static long multiplier(String suffix, String operand, String text) {
        switch (suffix) {
            case "": return 1;
            case "c": return 1;
            case "w": return 2;
            case "b": return 512;
            case "k": return 1024;
            case "kB": return 1000;
            default: break;
        }
        if (suffix.isEmpty() || PREFIXES.indexOf(suffix.charAt(0)) < 0) {
            throw invalid(operand, text);
        }
        int power = PREFIXES.indexOf(suffix.charAt(0)) + 1;
        String rest = suffix.substring(1);
        long unit = switch (rest) {
            case "", "iB" -> 1024;
            case "B" -> 1000;
            default -> throw invalid(operand, text);
        };
        long m = 1;
        for (int i = 0; i < power; i++) {
            m = Math.multiplyExact(m, unit);
        }
        return m;
    }

    private static InvalidJobException invalid(String operand, String text) {
        return new InvalidJobException("dd: " + operand + "=" + text + ": invalid number (dd's units: c=1, w=2, b=512,"
                + " kB=1000, K=1024, MB=1000*1000, M=1024*1024, ... G, T, P, E; products like 2x512)");
    }
}
