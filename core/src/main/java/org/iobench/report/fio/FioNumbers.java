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

    /** @param units {@code ""}, {@code "B"} or {@code "B/s"} */
    static String num2str(long num, int maxlen, boolean pow2, String units) {
        int thousand = pow2 ? 1024 : 1000;
        String[] prefix = pow2 ? IEC : SI;
        int post = 0;
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
