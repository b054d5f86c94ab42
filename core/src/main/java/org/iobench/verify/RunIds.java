package org.iobench.verify;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Run ids: random, non-zero 64-bit numbers, shown as 16 hex digits ({@code --run 3f2a9c0e51d7b804}). */
public final class RunIds {
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunIds() {}

    public static long next() {
        long id;
        do {
            id = RANDOM.nextLong();
        } while (id == 0);
        return id;
    }

    public static String format(long id) {
        return HexFormat.of().toHexDigits(id);
    }

    /** Parses 1 to 16 hex digits, with or without {@code 0x}; throws IllegalArgumentException naming the text. */
    public static long parse(String text) {
        String t = text.strip();
        if (t.startsWith("0x") || t.startsWith("0X")) {
            t = t.substring(2);
        }
        if (t.isEmpty() || t.length() > 16 || !t.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new IllegalArgumentException("'" + text + "' is not a run id (up to 16 hex digits, as printed"
                    + " by 'iobench run --verify', e.g. 3f2a9c0e51d7b804)");
        }
        return Long.parseUnsignedLong(t, 16);
    }
}
