package org.iobench.report;

import java.util.Locale;

/** Number formatting shared by the text writers; every rate says its base (MB = 10^6, MiB = 2^20). */
public final class Units {
    private Units() {}

    /**
     * {@code 850ns}, {@code 12.3us}, {@code 4.56ms}, {@code 1.20s}: three significant digits, ASCII units; {@code -}
     * for NaN and for a negative value (a percentile the source did not report, {@code LatencySummary.ABSENT}).
     */
    public static String latency(double nanos) {
        if (Double.isNaN(nanos) || nanos < 0) {
            return "-";
        }
        if (nanos < 1_000) {
            return String.format(Locale.ROOT, "%.0fns", nanos);
        }
        if (nanos < 1_000_000) {
            return sig3(nanos / 1e3) + "us";
        }
        if (nanos < 1_000_000_000) {
            return sig3(nanos / 1e6) + "ms";
        }
        return sig3(nanos / 1e9) + "s";
    }

    /** Three significant digits, as dd prints rates ({@code 2.10}, {@code 69.2}, {@code 262}). */
    public static String sig3(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        String f = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, f, v);
    }

    /** dd's form of a rate: {@code "2.1 GB/s"}, {@code "69.2 MB/s"}. */
    public static String rateDecimal(double bytesPerSecond) {
        return human(bytesPerSecond, 1000, new String[] {"B/s", "kB/s", "MB/s", "GB/s", "TB/s"});
    }

    /** {@code "1.9 GiB/s"}. */
    public static String rateBinary(double bytesPerSecond) {
        return human(bytesPerSecond, 1024, new String[] {"B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s"});
    }

    /** dd's human size: {@code "1.1 GB"}, {@code "1.0 GiB"}. */
    public static String sizeDecimal(double bytes) {
        return human(bytes, 1000, new String[] {"bytes", "kB", "MB", "GB", "TB", "PB"});
    }

    public static String sizeBinary(double bytes) {
        return human(bytes, 1024, new String[] {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"});
    }

    private static String human(double value, int base, String[] units) {
        if (Double.isNaN(value)) {
            return "- " + units[0];
        }
        int i = 0;
        while (Math.abs(value) >= base && i < units.length - 1) {
            value /= base;
            i++;
        }
        if (i == 0) {
            return String.format(Locale.ROOT, "%.0f %s", value, units[0]);
        }
        return String.format(Locale.ROOT, Math.abs(value) < 100 ? "%.1f %s" : "%.0f %s", value, units[i]);
    }

    public static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
