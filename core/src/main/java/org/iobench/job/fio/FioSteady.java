package org.iobench.job.fio;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.job.FioSizes;
import org.iobench.job.SteadyCriterion;

/**
 * fio's steady-state options as its {@code str_steadystate_cb} reads them: {@code ss=iops|iops_slope|bw|bw_slope:N}
 * with {@code N%} a bound relative to the window's mean (any decimal, {@code .1%}), {@code N} for IOPS an absolute
 * number of IOPS, for bandwidth a size in bytes/s ({@code 10m}, kb_base as set); {@code ss_dur} the window
 * (seconds), {@code ss_ramp} the time not judged. As in fio, {@code ss_dur} turns steady state on: without it
 * {@code ss=} does nothing, and {@code ss_dur} alone judges fio's default {@code iops_slope:0.01%}.
 */
final class FioSteady {
    /** fio's default criterion ({@code options.c}: {@code .def = "iops_slope:0.01%"}). */
    static final String DEFAULT = "iops_slope:0.01%";
    private static final Pattern FORM = Pattern.compile("(iops|iops_slope|bw|bw_slope):(.*)");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    /**
     * What {@code ss=} asks.
     *
     * @param fraction the relative bound (0.001 for {@code .1%}); 0 when absolute
     * @param limit    the absolute bound (IOPS, bytes/s); 0 when relative
     */
    record Threshold(SteadyCriterion.Metric metric, boolean slope, double fraction, double limit) {}

    private FioSteady() {}

    /** The job's criterion, null when it has none ({@code ss_dur} not given or 0); warnings for what fio ignores. */
    static SteadyCriterion criterion(FioJobOptions o, List<String> warnings) {
        FioSetting s = o.setting("steadystate").orElse(null);
        long window = o.has("steadystate_duration") ? o.nanos("steadystate_duration", "s") : 0;
        Threshold t = s == null ? null : threshold(s, o.kbBase()); // checked even when unused, as fio parses it
        if (window <= 0) {
            if (s != null) {
                warnings.add(s.where() + ": " + s.key() + "=" + s.value() + " without ss_dur: fio judges no steady"
                        + " state then, and neither does iobench");
            }
            return null;
        }
        if (t == null) {
            t = threshold(new FioSetting("steadystate", DEFAULT, "fio's default", ""), o.kbBase());
        }
        long ramp = o.has("steadystate_ramp_time") ? o.nanos("steadystate_ramp_time", "s") : 0;
        return new SteadyCriterion(t.metric(), t.fraction(), window, ramp, t.slope(), t.limit(), false);
    }

    /** Reads {@code ss=}'s value; a bad one is refused naming the setting, as fio refuses it. */
    static Threshold threshold(FioSetting s, int kbBase) {
        String text = s.value().strip().toLowerCase(Locale.ROOT);
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw FioJobOptions.bad(s, text.matches("iops|iops_slope|bw|bw_slope")
                    ? "needs a threshold after the criterion (iops:2%, bw_slope:0.1%), as fio says"
                    : "must be iops, iops_slope, bw or bw_slope, a colon and a threshold (iops:2%, bw_slope:0.1%,"
                            + " iops:10, bw:10m)");
        }
        SteadyCriterion.Metric metric = m.group(1).startsWith("iops") ? SteadyCriterion.Metric.IOPS
                : SteadyCriterion.Metric.BW;
        boolean slope = m.group(1).endsWith("_slope");
        String bound = m.group(2).strip();
        double fraction = 0;
        double limit = 0;
        if (bound.contains("%")) {
            String number = bound.substring(0, bound.indexOf('%')).strip();
            if (!DECIMAL.matcher(number).matches()) {
                throw FioJobOptions.bad(s, "could not parse the threshold percentage, as fio says");
            }
            fraction = Double.parseDouble(number) / 100;
        } else if (metric == SteadyCriterion.Metric.IOPS) {
            if (!DECIMAL.matcher(bound).matches()) {
                throw FioJobOptions.bad(s, "the IOPS threshold is not a number, as fio says");
            }
            limit = Double.parseDouble(bound);
        } else {
            try {
                limit = FioSizes.parse(bound, kbBase);
            } catch (IllegalArgumentException e) {
                throw FioJobOptions.bad(s, "the bandwidth threshold: " + e.getMessage());
            }
        }
        if (!(fraction > 0) && !(limit > 0)) {
            throw FioJobOptions.bad(s, "the threshold must be above 0 (fio would never call the job steady)");
        }
        return new Threshold(metric, slope, fraction, limit);
    }

    /** What fio's {@code --debug=parse} says of the threshold, the line fio's own tests look for. */
    static String parseDebugLine(Threshold t) {
        if (t.fraction() > 0) {
            return String.format(Locale.ROOT, "set steady state threshold to %f%%", t.fraction() * 100);
        }
        return t.metric() == SteadyCriterion.Metric.IOPS
                ? String.format(Locale.ROOT, "set steady state IOPS threshold to %f", t.limit())
                : "set steady state BW threshold to " + (long) t.limit();
    }
}
