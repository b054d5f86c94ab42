package org.iobench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Numbers printed the way C programs print them, for output that must match coreutils byte for byte:
 * {@code printf("%g")} and gnulib's {@code human_readable} with automatic scaling, rounding to nearest and one
 * decimal below 10 ({@code "1.1 GB"}, {@code "1.0 GiB"}, {@code "870 MB/s"}).
 */
public final class CNumbers {
    private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

    private CNumbers() {}

    /** C's {@code %g}: six significant digits, trailing zeros dropped, an exponent below 1e-4 or from 1e6. */
    public static String g(double v) {
        if (v == 0) {
            return "0";
        }
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
        }
        BigDecimal rounded = new BigDecimal(v).round(new MathContext(6, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = rounded.movePointLeft(exponent);
            String m = strip(mantissa.setScale(5, RoundingMode.HALF_EVEN).toPlainString());
            return m + (exponent < 0 ? "e-" : "e+") + String.format(Locale.ROOT, "%02d", Math.abs(exponent));
        }
        return strip(rounded.setScale(Math.max(0, 5 - exponent), RoundingMode.HALF_EVEN).toPlainString());
    }

    private static String strip(String s) {
        if (!s.contains(".")) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** {@code "1.1 GB"}: powers of 1000; below 1000 the plain amount with {@code "B"} ({@code "512 B"}). */
    public static String si(double amount) {
        return human(amount, 1000, SI);
    }

    /** {@code "1.0 GiB"}: powers of 1024. */
    public static String iec(double amount) {
        return human(amount, 1024, IEC);
    }

    /** True when {@link #si}/{@link #iec} printed no prefix: dd then omits that form. */
    public static boolean lacksPrefix(String human) {
        return human.endsWith(" B");
    }

    private static String human(double amount, int base, String[] prefixes) {
        int e = 0;
        double v = amount;
        while (v >= base && e < prefixes.length - 1) {
            v /= base;
            e++;
        }
        if (e == 0) {
            return String.format(Locale.ROOT, "%.0f B", Math.floor(amount + 0.5));
        }
        double tenths = Math.rint(v * 10) / 10;
        if (tenths < 10) {
            return String.format(Locale.ROOT, "%.1f %sB", tenths, prefixes[e]);
        }
        double whole = Math.rint(v);
        if (whole >= base && e < prefixes.length - 1) {
            return String.format(Locale.ROOT, "%.1f %sB", 1.0, prefixes[e + 1]);
        }
        return String.format(Locale.ROOT, "%.0f %sB", whole, prefixes[e]);
    }
}
