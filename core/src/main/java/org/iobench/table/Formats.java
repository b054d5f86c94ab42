package org.iobench.table;

import java.math.BigDecimal;
import java.util.Locale;

/** Number formatting for cells, always with {@link Locale#ROOT} ('.' decimal point, no grouping). */
public final class Formats {
    /** Text of an absent value ({@code NaN}). */
    public static final String ABSENT = "n/a";

    private Formats() {}

    /** {@code value} with {@code decimals} decimals ({@code 318}, {@code 1.38}); NaN gives {@link #ABSENT}. */
    public static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) {
            return ABSENT;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** A percentage with its sign ({@code +32.1%}, {@code -0.2%}); NaN gives {@link #ABSENT}. */
    public static String signedPercent(double percent, int decimals) {
        if (Double.isNaN(percent)) {
            return ABSENT;
        }
        return String.format(Locale.ROOT, "%+." + decimals + "f%%", percent);
    }

    /** A p-value with three decimals, {@code <0.001} below that; NaN gives {@link #ABSENT}. */
    public static String pValue(double p) {
        if (Double.isNaN(p)) {
            return ABSENT;
        }
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    /**
     * Decimals that show the smallest non-zero magnitude among {@code values} with at least three
     * significant digits: 0 for 317, 1 for 15.5, 2 for 1.38, 4 for 0.0123; between 0 and 6.
     * NaN and zero values are ignored; none left gives 2.
     */
    public static int decimalsFor(double... values) {
        double smallest = Double.POSITIVE_INFINITY;
        for (double v : values) {
            if (Double.isFinite(v) && v != 0) {
                smallest = Math.min(smallest, Math.abs(v));
            }
        }
        if (smallest == Double.POSITIVE_INFINITY) {
            return 2;
        }
        int decimals = 2 - (int) Math.floor(Math.log10(smallest));
        return Math.clamp(decimals, 0, 6);
    }

    /**
     * The shortest plain decimal that reads back as {@code value} ({@code 318}, {@code 0.000000064},
     * never an exponent), for data formats; NaN and infinities give {@code ""}.
     */
    public static String plain(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        if (value == 0) {
            return "0"; // also -0.0
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
