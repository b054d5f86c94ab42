package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a time-based run may end early: once every one of the last {@code windowNanos / interval} per-interval
 * values of {@code metric} lies within {@code boundFraction} of their mean (fio's {@code ss=iops:2%}).
 *
 * @param metric        throughput in operations or in bytes per second
 * @param boundFraction allowed deviation from the window's mean, as a fraction ({@code 0.02} for 2 %), in (0, 1)
 * @param windowNanos   length of the window of recent intervals that must agree
 * @param rampNanos     the first intervals of this length are not judged (fio's {@code ss_ramp}); they still count in
 *                      the run's figures
 * @param slope         judge the slope of the window's least-squares line over its mean instead of every value's
 *                      deviation (fio's {@code iops_slope:N%}, {@code bw_slope:N%})
 */
public record SteadyCriterion(Metric metric, double boundFraction, long windowNanos,
                              @com.fasterxml.jackson.annotation.JsonInclude(
                                      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                              long rampNanos,
                              @com.fasterxml.jackson.annotation.JsonInclude(
                                      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
                              boolean slope) {
    public static final long DEFAULT_WINDOW_NANOS = 5_000_000_000L;
    private static final Pattern FORM = Pattern.compile("(iops|bw):(\\d+(?:\\.\\d+)?)%?", Pattern.CASE_INSENSITIVE);

    /** What is watched. */
    public enum Metric {
        IOPS("iops"), BW("bw");

        private final String label;

        Metric(String label) {
            this.label = label;
        }

        @JsonValue
        public String label() { return label; }
    }

    public SteadyCriterion(Metric metric, double boundFraction, long windowNanos) {
        this(metric, boundFraction, windowNanos, 0, false);
    }

    public SteadyCriterion {
        if (rampNanos < 0) {
            throw new InvalidJobException("ss_ramp", rampNanos + "ns", "must not be negative");
        }
        if (metric == null || !(boundFraction > 0 && boundFraction < 1)) {
            throw new InvalidJobException("--steady", metric + ":" + boundFraction * 100 + "%",
                    "the bound must be above 0% and below 100%");
        }
        if (windowNanos <= 0) {
            throw new InvalidJobException("--steady-window", windowNanos + "ns", "must be positive");
        }
    }

    /** Parses {@code iops:2%} or {@code bw:5%} (the {@code %} may be left out). */
    public static SteadyCriterion parse(String text, long windowNanos) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new InvalidJobException("--steady", "'" + text + "'",
                    "is not a steady-state criterion (examples: iops:2%, bw:5%)");
        }
        double percent = Double.parseDouble(m.group(2));
        if (!(percent > 0 && percent < 100)) {
            throw new InvalidJobException("--steady", "'" + text + "'", "the bound must be above 0% and below 100%");
        }
        Metric metric = m.group(1).equalsIgnoreCase("iops") ? Metric.IOPS : Metric.BW;
        return new SteadyCriterion(metric, percent / 100, windowNanos);
    }

    /** {@code "iops:2%"}. */
    public String label() {
        return metric.label() + (slope ? "_slope" : "") + ":" + String.format(Locale.ROOT, "%s%%",
                new java.math.BigDecimal(boundFraction * 100).round(new java.math.MathContext(6))
                        .stripTrailingZeros().toPlainString());
    }
}
