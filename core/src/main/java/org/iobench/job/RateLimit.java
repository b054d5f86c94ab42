package org.iobench.job;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A requested rate for a whole job (all workers together), in I/O operations or bytes per second. Each worker
 * gets an equal share and issues its requests on a fixed schedule (see {@code workload.Pacer}).
 *
 * <p>Text forms: {@code 5000} or {@code 5000iops} (operations per second), {@code 200MB/s} (10^6 bytes),
 * {@code 50MiB/s} (2^20 bytes), {@code 800kB/s}, {@code 64KiB/s}, {@code 1GB/s}, {@code 1GiB/s}; a size in
 * iobench's {@code --bs} syntax followed by {@code /s} also works ({@code 4m/s} = 4 MiB/s).
 *
 * @param unit      what is counted
 * @param perSecond how many of them per second, &gt; 0
 */
public record RateLimit(Unit unit, double perSecond) {
    /** Operations or bytes. */
    public enum Unit {
        IOPS("iops"), BYTES("bytes");

        private final String label;

        Unit(String label) {
            this.label = label;
        }

        @JsonValue
        public String label() { return label; }
    }

    private static final Pattern IOPS = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(?:iops)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern BYTES = Pattern.compile("(.+?)\\s*/\\s*s");

    public RateLimit {
        if (unit == null || !(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new InvalidJobException("--rate", perSecond, "must be a positive rate");
        }
    }

    public static RateLimit iops(double perSecond) {
        return new RateLimit(Unit.IOPS, perSecond);
    }

    public static RateLimit bytesPerSecond(double perSecond) {
        return new RateLimit(Unit.BYTES, perSecond);
    }

    /** Parses the text forms above; the message of the exception names the option and the value. */
    public static RateLimit parse(String text) {
        String t = text.trim();
        Matcher m = IOPS.matcher(t);
        if (m.matches()) {
            return positive(text, Unit.IOPS, Double.parseDouble(m.group(1)));
        }
        Matcher b = BYTES.matcher(t);
        if (b.matches()) {
            try {
                return positive(text, Unit.BYTES, Sizes.parse(b.group(1)));
            } catch (IllegalArgumentException e) {
                throw notARate(text);
            }
        }
        throw notARate(text);
    }

    private static RateLimit positive(String text, Unit unit, double value) {
        if (!(value > 0)) {
            throw new InvalidJobException("--rate", text, "must be above 0");
        }
        return new RateLimit(unit, value);
    }

    private static InvalidJobException notARate(String text) {
        return new InvalidJobException("--rate", "'" + text + "'",
                "is not a rate (examples: 5000 for IOPS, 200MB/s, 50MiB/s)");
    }

    /** The rate in operations per second for requests of {@code blockSize} bytes. */
    public double opsPerSecond(long blockSize) {
        return unit == Unit.IOPS ? perSecond : perSecond / blockSize;
    }

    /** {@code "5000 IOPS"}, {@code "200 MB/s"}: how a report names the rate. */
    @JsonProperty
    public String label() {
        if (unit == Unit.IOPS) {
            return String.format(Locale.ROOT, "%s IOPS", trim(perSecond));
        }
        if (perSecond % (1 << 20) == 0) {
            return trim(perSecond / (1 << 20)) + " MiB/s";
        }
        return trim(perSecond / 1e6) + " MB/s";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
