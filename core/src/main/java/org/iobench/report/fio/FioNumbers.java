package org.iobench.report.fio;

import java.util.Locale;

/**
 * fio's {@code num2str} ({@code lib/num2str.c}): a number in at most {@code maxlen} digits with a unit prefix,
 * SI (k, M, G: powers of 1000) or IEC (Ki, Mi, Gi: powers of 1024), with fio's rounding, so the text reads as fio's.
 */
final class FioNumbers {
    private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    private FioNumbers() {}

    /**
     * A rate as fio's {@code unit_base} prints it: bytes per second ({@code B/s}), or bits ({@code bit/s}, eight per
     * byte: fio's {@code N2S_BITPERSEC}) for a bit-based engine.
     */
    static String rate(long bytesPerSecond, boolean pow2, boolean bits) {
        return rate(bytesPerSecond, 4, pow2, bits);
    }

    /** {@link #rate(long, boolean, boolean)} in at most {@code maxlen} digits (fio's {@code significant_figures}). */
    static String rate(long bytesPerSecond, int maxlen, boolean pow2, boolean bits) {
        return bits ? num2str(bytesPerSecond * 8, maxlen, pow2, "bit/s")
                : num2str(bytesPerSecond, maxlen, pow2, "B/s");
    }

    /** @param units {@code ""}, {@code "B"}, {@code "B/s"} or {@code "bit/s"} */
    static String num2str(long num, int maxlen, boolean pow2, String units) {
        return num2str(num, maxlen, 1, pow2, units);
    }

    /**
     * fio's {@code num2str} of a number already in units of {@code base} (1; 1024 for KiB: the prefix starts one
     * step up, as fio's {@code for (post_index = 0; base > 1; post_index++) base /= thousand}).
     */
    static String num2str(long num, int maxlen, int base, boolean pow2, String units) {
        int thousand = pow2 ? 1024 : 1000;
        String[] prefix = pow2 ? IEC : SI;
        int post = 0;
        for (int b = base; b > 1; post++) {
            b /= thousand;
        }
        long modulo = -1;
        boolean carry = false;
        while (post < SI.length) {
            if (Long.toUnsignedString(num).length() <= maxlen) {
                break;
            }
            modulo = Long.remainderUnsigned(num, thousand);
            num = Long.divideUnsigned(num, thousand);
            carry = modulo >= thousand / 2;
            post++;
        }
        if (post >= SI.length) {
            post = 0;
        }
        if (modulo == -1) {
            return Long.toUnsignedString(num) + prefix[post] + units;
        }
        int room = maxlen - Long.toUnsignedString(num).length();
        if (room <= 1) {
            return Long.toUnsignedString(carry ? num + 1 : num) + prefix[post] + units;
        }
        String fraction = String.format(Locale.ROOT, "%." + (room - 1) + "f", (double) modulo / thousand);
        if (fraction.charAt(0) == '1') {
            num++;
        }
        return Long.toUnsignedString(num) + "." + fraction.substring(2) + prefix[post] + units;
    }
}
