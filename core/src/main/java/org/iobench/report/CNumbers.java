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

    /** {@code "1.1 GB"}: a byte count in powers of 1000; below 1000 the plain amount ({@code "512 B"}). */
    public static String si(long bytes) {
        return exact(bytes, 1000, SI);
    }

    /** {@code "1.0 GiB"}: a byte count in powers of 1024. */
    public static String iec(long bytes) {
        return exact(bytes, 1024, IEC);
    }

    /** {@code "870 MB/s"}, {@code "54.5 kB/s"}: a rate in powers of 1000, computed in floating point as dd does. */
    public static String siRate(double bytesPerSecond) {
        double e = 1;
        int exponent = 0;
        do {
            e *= 1000;
            exponent++;
        } while (e * 1000 <= bytesPerSecond && exponent < SI.length - 1);
        double v = bytesPerSecond / e;
        String one = String.format(Locale.ROOT, "%.1f", v);
        String text = one.length() > 4 ? String.format(Locale.ROOT, "%.0f", v) : one;
        return text + " " + SI[exponent] + "B/s";
    }

    /** True when {@link #si}/{@link #iec} printed no prefix: dd then omits that form. */
    public static boolean lacksPrefix(String human) {
        return human.endsWith(" B");
    }

    /**
     * gnulib's exact integer path: divide by the base while the amount allows, keeping the tenths and whether
     * the rest was below, at or above a half; one decimal below 10; round to nearest, ties to even.
     */
    private static String exact(long amount, int base, String[] prefixes) {
        long amt = amount;
        int tenths = 0;
        int rounding = 0;
        int exponent = 0;
        String decimals = "";
        if (amt >= base) {
            do {
                int r10 = (int) (amt % base) * 10 + tenths;
                int r2 = (r10 % base) * 2 + (rounding >> 1);
                amt /= base;
                tenths = r10 / base;
                rounding = r2 < base ? (r2 + rounding != 0 ? 1 : 0) : 2 + (base < r2 + rounding ? 1 : 0);
                exponent++;
            } while (amt >= base && exponent < prefixes.length - 1);
            if (amt < 10) {
                if (2 < rounding + (tenths & 1)) {
                    tenths++;
                    rounding = 0;
                    if (tenths == 10) {
                        amt++;
                        tenths = 0;
                    }
                }
                if (amt < 10) {
                    decimals = "." + tenths;
                    tenths = 0;
                    rounding = 0;
                }
            }
        }
        if (5 < tenths + (0 < rounding + (amt & 1) ? 1 : 0)) {
            amt++;
            if (amt == base && exponent < prefixes.length - 1) {
                exponent++;
                amt = 1;
                decimals = ".0";
            }
        }
        return amt + decimals + " " + prefixes[exponent] + "B";
    }
}
