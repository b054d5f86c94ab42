package org.iobench.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The per-job figure of a parallel group in the form of the kernel mailing lists: {@code 2x44.5} when the jobs are
 * alike, {@code 17/32} when not, {@code 96} for one job. One definition for the suite's own table and
 * {@code compare}.
 */
public final class MemberFigures {
    /** Jobs whose rates differ from their mean by at most this share are "alike". */
    public static final double ALIKE = 0.10;

    private MemberFigures() {}

    /**
     * {@code "NxR"} when every value is within {@link #ALIKE} of the mean, else the values joined by {@code "/"} in
     * member order; values in the unit printed, at least 100 without decimals, below with one unless it is 0 (as
     * the mailing list wrote them: {@code 2x11}, {@code 3x9.8}). NaN prints as {@code "-"}.
     */
    public static String format(double... values) {
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        if (values.length == 1) {
            return number(mean);
        }
        boolean alike = Arrays.stream(values).allMatch(v -> Math.abs(v - mean) <= ALIKE * mean);
        if (alike) {
            return values.length + "x" + number(mean);
        }
        return String.join("/", Arrays.stream(values).mapToObj(MemberFigures::number).toList());
    }

    private static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.1f", v);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }
}
