package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a time-based run may end early: once the last {@code windowNanos / interval} per-interval values of
 * {@code metric} agree — each lies within the bound of their mean (fio's {@code ss=iops:2%}), or the slope of their
 * least-squares line is within it ({@code ss=iops_slope:0.1%}). The bound is relative (a fraction of the window's
 * mean) or absolute ({@code ss=iops:10}: 10 IOPS; {@code ss=bw:1m}: 1 MiB/s), as fio's {@code steadystate.c} judges.
 *
 * @param metric        throughput in operations or in bytes per second
 * @param boundFraction allowed deviation (or slope) as a fraction of the window's mean ({@code 0.02} for 2 %); 0 when
 *                      the bound is absolute
 * @param windowNanos   length of the window of recent intervals that must agree
 * @param rampNanos     the first intervals of this length are not judged (fio's {@code ss_ramp}); they still count in
 *                      the run's figures
 * @param slope         judge the slope of the window's least-squares line instead of every value's deviation (fio's
 *                      {@code iops_slope}, {@code bw_slope})
 * @param limit         the absolute bound, in the metric's units per second (IOPS, bytes/s; per interval for a
 *                      slope); 0 when the bound is relative
 * @param group         judged for the job's reporting group (fio's {@code group_reporting}): the rates of all its
 *                      jobs added up, and all of them end once it is reached
 */
public record SteadyCriterion(Metric metric,
                              double boundFraction,
                              long windowNanos,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) long rampNanos,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean slope,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) double limit,
                              @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean group) {
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

    public SteadyCriterion(Metric metric, double boundFraction, long windowNanos, long rampNanos, boolean slope) {
        this(metric, boundFraction, windowNanos, rampNanos, slope, 0, false);
    }

    public SteadyCriterion {
        if (rampNanos < 0) {
            throw new InvalidJobException("ss_ramp", rampNanos + "ns", "must not be negative");
        }
        limit = Double.isNaN(limit) ? 0 : limit; // absent in documents written before absolute bounds
        boolean relative = boundFraction > 0 && Double.isFinite(boundFraction) && limit == 0;
        boolean absolute = limit > 0 && Double.isFinite(limit) && boundFraction == 0;
        if (metric == null || !relative && !absolute) {
            throw new InvalidJobException("--steady", metric + ":" + (limit != 0 ? limit : boundFraction * 100 + "%"),
                    "the bound must be above 0");
        }
        if (windowNanos <= 0) {
            throw new InvalidJobException("--steady-window", windowNanos + "ns", "must be positive");
        }
    }

    /** Parses {@code iops:2%} or {@code bw:5%} (the {@code %} may be left out): iobench's {@code --steady}. */
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

    /** True when the bound is a fraction of the window's mean ({@code iops:2%}), false when absolute. */
    @JsonIgnore
    public boolean relative() {
        return limit == 0;
    }

    /** This criterion judged for the job's reporting group ({@code group_reporting}). */
    public SteadyCriterion forGroup() {
        return new SteadyCriterion(metric, boundFraction, windowNanos, rampNanos, slope, limit, true);
    }

    /** {@code "iops:2%"}, {@code "bw_slope:0.1%"}, {@code "iops:10"} (absolute: IOPS or bytes/s). */
    public String label() {
        return metric.label() + (slope ? "_slope" : "") + ":" + (relative() ? plain(boundFraction * 100) + "%"
                : plain(limit));
    }

    private static String plain(double v) {
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
