package org.iobench.micro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text table, like the blog post's TestSuite output but with uncertainties. Always formatted with
 * {@link Locale#ROOT} (a '.' decimal point), whatever the default locale:
 * <pre>
 * ============ ints: int[] ============
 * variant   ns/op   ±95%  median  ratio
 * for        12.3   ±0.2    12.3  1.00
 * stream     98.1   ±1.2    97.9  7.98 ±0.13
 * </pre>
 */
public final class TextReport {

    private TextReport() {
    }

    public static String format(SuiteResult r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"variant", "ns/op", "±95%", "median", "ratio"});
        for (VariantResult v : r.variants()) {
            VariantSummary s = v.summary();
            rows.add(new String[] {v.name(), nanos(s.meanNanosPerOp()),
                "±" + nanosLike(s.ci95NanosPerOp(), s.meanNanosPerOp()), nanos(s.medianNanosPerOp()),
                ratio(v)});
        }
        int[] width = new int[5];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("============ ").append(r.name()).append(" ============\n");
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            line.append(pad(row[0], width[0], true));
            for (int c = 1; c < 4; c++) {
                line.append("  ").append(pad(row[c], width[c], false));
            }
            line.append("  ").append(row[4]);
            out.append(line.toString().stripTrailing()).append('\n');
        }
        Settings s = r.settings();
        out.append(String.format(Locale.ROOT, "(mean ±95%% CI of %d samples x ~%d ms per variant, %s;"
                        + " timer granularity %d ns)%n",
                s.samples(), s.sampleTime().toMillis(),
                s.forks() > 0 ? "in " + s.forks() + " forked JVMs each"
                        : r.freshJvm() ? "interleaved in a fresh JVM" : "interleaved in this JVM",
                r.timerGranularityNanos()));
        int outliers = r.variants().stream().mapToInt(v -> v.summary().upperOutliers()).sum();
        if (outliers > 0) {
            out.append(String.format(Locale.ROOT, "(%d slow outlier sample%s (above Q3 + 1.5 IQR) left out of means"
                    + " and CIs; medians use all)%n", outliers, outliers == 1 ? "" : "s"));
        }
        for (String w : r.warnings()) {
            out.append("! ").append(w).append('\n');
        }
        for (VariantResult v : r.variants()) {
            for (String w : v.warnings()) {
                out.append("! ").append(v.name()).append(": ").append(w).append('\n');
            }
        }
        return out.toString();
    }

    /** ns/op with 3-4 significant digits: 1234, 123.4, 12.34, 1.23; "n/a" when absent. */
    static String nanos(double x) {
        return nanosLike(x, x);
    }

    /** {@code x} with the decimals {@link #nanos} would use for {@code reference}, so columns line up. */
    static String nanosLike(double x, double reference) {
        if (Double.isNaN(x) || Double.isNaN(reference)) {
            return "n/a";
        }
        double a = Math.abs(reference);
        int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : 2;
        return String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    private static String ratio(VariantResult v) {
        if (Double.isNaN(v.ratio())) {
            return "n/a";
        }
        String r = String.format(Locale.ROOT, "%.2f", v.ratio());
        if (v.ratioError() > 0 || Double.isNaN(v.ratioError())) {
            r += Double.isNaN(v.ratioError()) ? " ±n/a" : String.format(Locale.ROOT, " ±%.2f", v.ratioError());
        }
        return r;
    }

    private static String pad(String s, int width, boolean left) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return left ? s + fill : fill + s;
    }
}
