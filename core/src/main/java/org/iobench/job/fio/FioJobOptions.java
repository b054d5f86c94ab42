package org.iobench.job.fio;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.job.Durations;
import org.iobench.job.FioSizes;
import org.iobench.job.InvalidJobException;
import org.iobench.job.UnsupportedJobException;

/**
 * One job's options as fio sees them: the {@code [global]} settings before the job's section, overridden by the
 * section's own, by canonical name ({@link FioOptions}). Readers parse values with fio's rules and throw
 * {@link InvalidJobException} naming {@code file:line} and the option for a value that is simply wrong.
 */
final class FioJobOptions {
    private final Map<String, FioSetting> settings;
    private final int kbBase;

    FioJobOptions(Map<String, FioSetting> settings) {
        this.settings = new LinkedHashMap<>(settings);
        long base = number("kb_base", 1024);
        if (base != 1000 && base != 1024) {
            throw bad(settings.get("kb_base"), "must be 1000 or 1024");
        }
        this.kbBase = (int) base;
    }

    Map<String, FioSetting> all() {
        return settings;
    }

    Optional<FioSetting> setting(String name) {
        return Optional.ofNullable(settings.get(name));
    }

    boolean has(String name) {
        return settings.containsKey(name);
    }

    Optional<String> value(String name) {
        return setting(name).map(FioSetting::value);
    }

    int kbBase() {
        return kbBase;
    }

    /** fio's booleans: a bare option is true; {@code 1}/{@code 0} (and true/false, yes/no, on/off). */
    boolean flag(String name) {
        FioSetting s = settings.get(name);
        return s != null && flag(s);
    }

    /** {@code s}'s value as one of fio's booleans ({@link #flag(String)}). */
    boolean flag(FioSetting s) {
        return switch (s.value().toLowerCase(Locale.ROOT)) {
            case "", "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw bad(s, "'" + s.value() + "' is not a boolean (0 or 1)");
        };
    }

    /** {@code absent} when not set; else {@link #flag}. */
    boolean flag(String name, boolean absent) {
        return has(name) ? flag(name) : absent;
    }

    /** A size followed by characters fio's parser ignores. */
    private static final Pattern IGNORED_TAIL =
            Pattern.compile("(\\s*\\d+\\s*[a-zA-Z]*)[^a-zA-Z0-9%:,/+\\-]+");

    long number(String name, long absent) {
        FioSetting s = settings.get(name);
        return s == null ? absent : number(s);
    }

    /** {@code s}'s value as a whole number 0..{@link Integer#MAX_VALUE}. */
    long number(FioSetting s) {
        long v;
        try {
            v = Long.parseLong(s.value().strip());
        } catch (NumberFormatException e) {
            throw bad(s, s.value().strip().matches("\\d+") ? "'" + s.value() + "' is too large (at most "
                    + Integer.MAX_VALUE + ")" : "'" + s.value() + "' is not a whole number");
        }
        if (v < 0) {
            throw bad(s, "'" + s.value() + "' is not a whole number");
        }
        if (v > Integer.MAX_VALUE) {
            throw bad(s, "'" + s.value() + "' is too large (at most " + Integer.MAX_VALUE + ")");
        }
        return v;
    }

    /**
     * A size in {@code s}'s value (or a part of it). As fio's {@code str_to_decimal}, characters after the number and
     * its unit that are neither letters, digits nor {@code %} are ignored (t/strided.py passes {@code filesize=65536)});
     * those that start another value ({@code - : , /}) are not, so a range or list given where a size is due stays
     * an error.
     */
    long size(FioSetting s, String text) {
        Matcher tail = IGNORED_TAIL.matcher(text);
        if (tail.matches()) {
            text = tail.group(1);
        }
        if (text.endsWith("z")) {
            return zones(s, text);
        }
        try {
            return FioSizes.parse(text, kbBase);
        } catch (IllegalArgumentException e) {
            throw bad(s, e.getMessage());
        }
    }

    /** A time; a bare number is in {@code bareUnit} ({@code "s"} for runtime, {@code "us"} for latency_target). */
    long nanos(String name, String bareUnit) {
        FioSetting s = settings.get(name);
        String v = s.value();
        try {
            return Durations.parse(v.matches("\\d+(\\.\\d+)?") ? v + bareUnit : v).toNanos();
        } catch (IllegalArgumentException e) {
            throw bad(s, e.getMessage());
        }
    }

    /** A time written in {@code s}'s value (a part of a range), as {@link #nanos}. */
    long nanosOf(FioSetting s, String text, String bareUnit) {
        String v = text.strip();
        try {
            return Durations.parse(v.matches("\\d+(\\.\\d+)?") ? v + bareUnit : v).toNanos();
        } catch (IllegalArgumentException e) {
            throw bad(s, e.getMessage());
        }
    }

    /**
     * fio's per-direction list {@code read,write,trim}: an empty entry is the default {@code absent}; entries not
     * written at all repeat the last one written ({@code bs=8k,32k}: trims 32k; {@code bs=8k,32k,}: trims default).
     */
    static String[] perDirection(String value, String absent) {
        String[] parts = value.split(",", -1);
        String[] out = new String[3];
        for (int i = 0; i < 3; i++) {
            String p = parts[Math.min(i, parts.length - 1)].strip();
            out[i] = p.isEmpty() ? absent : p;
        }
        return out;
    }

    /** fio's {@code FIO_OPT_STR_VAL_ZONE} options: a value may be a number of zones ({@code 10z}). */
    private static final Set<String> ZONE_VALUED = Set.of("size", "io_size", "io_limit", "offset",
            "fileoffset", "offset_increment", "zoneskip");
    private static final Pattern ZONE_COUNT = Pattern.compile("(\\d+)z");

    /**
     * A number of zones, as fio 3.33 reads it ({@code parse.c}: digits then {@code z}) and turns it into bytes
     * ({@code zbd_recalc_options_with_zone_granularity}: times the zone size, {@code zonesize=} for zonemode=zbd on a
     * target that is not zoned and for zonemode=strided). Where fio has no zone size (zonemode=none) it takes 0 (a
     * size of 0 is the whole file): iobench refuses it.
     */
    private long zones(FioSetting s, String text) {
        if (!ZONE_VALUED.contains(s.key())) {
            throw bad(s, "a number of zones is not a value of " + s.key() + " (fio: \"" + s.key() + ": 'z' suffix"
                    + " isn't applicable\")");
        }
        Matcher m = ZONE_COUNT.matcher(text.strip());
        long n;
        try {
            n = m.matches() ? Long.parseLong(m.group(1)) : -1;
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0 || n > 0xFFFF_FFFFL) {
            throw bad(s, "is not a whole number of zones (fio: \"" + s.key() + ": unexpected zone value '" + text
                    + "'\")");
        }
        String mode = value("zonemode").map(v -> v.strip().toLowerCase(Locale.ROOT)).orElse("none");
        FioSetting zone = settings.get("zonesize");
        long zoneBytes = zone == null || !(mode.equals("zbd") || mode.equals("strided")) ? 0
                : size(zone, zone.value());
        if (zoneBytes == 0) {
            throw new UnsupportedJobException(s.where() + ": " + s.key() + "=" + s.value() + ": a number of zones"
                    + " needs zonemode=zbd or zonemode=strided with zonesize= (fio takes 0 without a zone size)");
        }
        try {
            return Math.multiplyExact(n, zoneBytes);
        } catch (ArithmeticException e) {
            throw bad(s, "is more bytes than fio counts");
        }
    }

    static InvalidJobException bad(FioSetting s, String why) {
        String unset = s.unset().isEmpty() ? "" : " (" + s.unset() + (s.unset().contains(",") ? " are" : " is")
                + " not set)";
        return new InvalidJobException(s.where() + ": " + s.key() + "=" + s.value() + ": " + why + unset);
    }
}
