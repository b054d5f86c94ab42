package org.iobench.search;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.job.Durations;
import org.iobench.job.InvalidJobException;
import org.iobench.result.LatencySummary;

/**
 * A latency bound a load must keep: {@code p99=2ms} means 99 % of requests complete within 2 ms.
 *
 * @param percentile one of 50, 90, 99, 99.9, 99.99 (the percentiles iobench keeps)
 * @param limitNanos the bound, &gt; 0
 */
public record LatencyTarget(double percentile, long limitNanos) {
    private static final Pattern FORM = Pattern.compile("p(50|90|99|99\\.9|99\\.99|999|9999)\\s*[=<]=?\\s*(.+)");

    public LatencyTarget {
        if (percentile != 50 && percentile != 90 && percentile != 99 && percentile != 99.9 && percentile != 99.99) {
            throw new InvalidJobException("--latency-target", "p" + percentile,
                    "percentile must be one of p50, p90, p99, p99.9, p99.99");
        }
        if (limitNanos <= 0) {
            throw new InvalidJobException("--latency-target", limitNanos + "ns", "the bound must be positive");
        }
    }

    /** Parses {@code p99=2ms}, {@code p99.9=500us}, {@code p50<=1ms}. */
    public static LatencyTarget parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new InvalidJobException("--latency-target", "'" + text + "'",
                    "is not a latency target (examples: p99=2ms, p99.9=500us, p50=100us)");
        }
        double p = switch (m.group(1)) {
            case "999" -> 99.9;
            case "9999" -> 99.99;
            default -> Double.parseDouble(m.group(1));
        };
        long nanos;
        try {
            nanos = Durations.parse(m.group(2)).toNanos();
        } catch (IllegalArgumentException e) {
            throw new InvalidJobException("--latency-target", "'" + text + "'", e.getMessage());
        }
        return new LatencyTarget(p, nanos);
    }

    /** This target's percentile of {@code l}. */
    public long of(LatencySummary l) {
        if (percentile == 50) return l.p50Ns();
        if (percentile == 90) return l.p90Ns();
        if (percentile == 99) return l.p99Ns();
        if (percentile == 99.9) return l.p999Ns();
        return l.p9999Ns();
    }

    /** True when the point completed and its percentile is within the bound. */
    public boolean met(Point p) {
        return p.complete() && p.latency().count() > 0 && of(p.latency()) <= limitNanos;
    }

    /** {@code "p99<=2ms"}. */
    @JsonProperty
    public String label() {
        String pct = percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
        return "p" + pct + "<=" + Durations.format(Duration.ofNanos(limitNanos));
    }
}
