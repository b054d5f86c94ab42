package org.iobench.job;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The values one option takes in a sweep, parsed from {@code 4k..1m} (doubling from the first to the last),
 * {@code 4k,64k,1m} (a list) or both ({@code 1,2,4..64}). A single value is an axis of one point.
 *
 * @param option the option, for messages and labels ({@code --bs})
 * @param text   what the user typed
 * @param values the points, in order, without duplicates
 */
public record SweepAxis(String option, String text, List<Long> values) {
    /** More points than this is a typo, not a plan. */
    public static final int MAX_POINTS = 1000;

    public SweepAxis {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new InvalidJobException(option, text, "names no value");
        }
    }

    /** Parses {@code text}; {@code one} parses a single value and throws IllegalArgumentException if it is bad. */
    public static SweepAxis parse(String option, String text, ToLongFunction<String> one) {
        LinkedHashSet<Long> out = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int dots = p.indexOf("..");
            try {
                if (dots < 0) {
                    out.add(one.applyAsLong(p));
                    continue;
                }
                long from = one.applyAsLong(p.substring(0, dots));
                long to = one.applyAsLong(p.substring(dots + 2));
                if (from <= 0 || to < from) {
                    throw new InvalidJobException(option, text, "a range goes up from a positive value: '" + p
                            + "' (example: 4k..1m)");
                }
                for (long v = from; v <= to; v *= 2) {
                    out.add(v);
                    if (v > Long.MAX_VALUE / 2) {
                        break;
                    }
                }
            } catch (InvalidJobException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new InvalidJobException(option, text, e.getMessage());
            }
            if (out.size() > MAX_POINTS) {
                throw new InvalidJobException(option, text, "has more than " + MAX_POINTS + " points");
            }
        }
        return new SweepAxis(option, text, new ArrayList<>(out));
    }

    public static SweepAxis sizes(String option, String text) {
        return parse(option, text, Sizes::parse);
    }

    public static SweepAxis counts(String option, String text) {
        return parse(option, text, s -> {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + s + "' is not a whole number");
            }
        });
    }

    public boolean sweeps() {
        return values.size() > 1;
    }

    public long single() {
        return values.getFirst();
    }
}
