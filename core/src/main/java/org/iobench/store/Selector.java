package org.iobench.store;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.job.Sizes;

/**
 * Parses selectors: terms joined by commas (or given as separate words), all of which must hold.
 *
 * <pre>
 * label:patch=with          runs labelled patch=with        patch=with           the same, short
 * label:kernel=6.1,6.2      kernel 6.1 or 6.2               label:kernel         any kernel label
 * id:12  id:12,13  id:10-20 by id                           last:4               the 4 newest that match
 * 12  12,13  10-20          by id, short                    last                 the newest (last:1)
 * target:/dev/md0           by target (* matches anything)  source:fio           iobench, fio, iobench-json, micro
 * since:2026-11-01          created on or after (UTC)       until:2026-11-30     before the end of that day
 * since:7d  since:12h       relative to now                 name:seq-write       by job name
 * rw:randwrite  bs:4k       by workload
 * </pre>
 *
 * A comma-separated piece that has no {@code key:} and no {@code =} continues the previous term's values, so
 * {@code id:12,13,label:patch=with} is (id 12 or 13) and patch=with; a word that starts with a number is an id
 * ({@code 12 13} is id 12 or 13, as {@code show 12} and {@code delete 12 13} read).
 */
public final class Selector {
    private static final Set<String> KEYS = Set.of("id", "label", "target", "since", "until", "source", "name", "rw",
            "bs", "last");
    private static final Pattern RELATIVE = Pattern.compile("(\\d+)([mhdw])");
    /** A bare id or id range, {@code 12}, {@code 10-20}, {@code #12} (as CSV files of earlier releases wrote ids). */
    private static final Pattern ID = Pattern.compile("#?\\d+(-\\d+)?");

    private Selector() {}

    /**
     * @param option the option the text came from, for messages ({@code --base})
     * @param now    the reference of relative dates
     * @throws IllegalArgumentException one line naming the option and the bad term
     */
    public static RunQuery parse(String option, String text, Instant now) {
        List<String[]> terms = new ArrayList<>(); // {key, value}
        for (String word : text.strip().split("\\s+")) {
            boolean firstOfWord = true;
            for (String piece : word.split(",")) {
                if (piece.isEmpty()) {
                    continue;
                }
                boolean first = firstOfWord;
                firstOfWord = false;
                if (piece.equalsIgnoreCase("last")) {
                    terms.add(new String[] {"last", "1"});
                    continue;
                }
                if (first && ID.matcher(piece).matches()) {
                    terms.add(new String[] {"id", piece.startsWith("#") ? piece.substring(1) : piece});
                    continue;
                }
                int colon = piece.indexOf(':');
                String key = colon > 0 ? piece.substring(0, colon).toLowerCase(Locale.ROOT) : null;
                if (key != null && KEYS.contains(key)) {
                    terms.add(new String[] {key, piece.substring(colon + 1)});
                } else if (piece.indexOf('=') > 0 && (key == null || piece.indexOf('=') < colon)) {
                    terms.add(new String[] {"label", piece});
                } else if (!terms.isEmpty() && !terms.getLast()[0].equals("since") && !terms.getLast()[0].equals("until")
                        && !terms.getLast()[0].equals("last")) {
                    terms.add(new String[] {terms.getLast()[0], continuation(terms.getLast(), piece)});
                } else {
                    throw bad(option, text, "'" + piece + "' is not a selector term (an id, last, id:, label:,"
                            + " KEY=VALUE, target:, since:, until:, source:, name:, rw:, bs:, last:)");
                }
            }
        }
        List<long[]> ids = new ArrayList<>();
        Map<String, Set<String>> labels = new LinkedHashMap<>();
        List<String> targets = new ArrayList<>();
        Set<String> sources = new LinkedHashSet<>();
        Set<String> names = new LinkedHashSet<>();
        Set<String> rws = new LinkedHashSet<>();
        Set<Long> sizes = new LinkedHashSet<>();
        Instant since = null;
        Instant until = null;
        int last = 0;
        for (String[] t : terms) {
            String key = t[0];
            String value = t[1];
            if (value.isEmpty() && !key.equals("label")) {
                throw bad(option, text, "'" + key + ":' needs a value");
            }
            switch (key) {
                case "id" -> ids.add(idRange(option, text, value));
                case "label" -> label(option, text, value, labels);
                case "target" -> targets.add(value);
                case "source" -> sources.add(value);
                case "name" -> names.add(value);
                case "rw" -> rws.add(value);
                case "bs" -> {
                    try {
                        sizes.add(Sizes.parse(value));
                    } catch (IllegalArgumentException e) {
                        throw bad(option, text, "bs:" + value + ": " + e.getMessage());
                    }
                }
                case "since" -> since = time(option, text, value, now, false);
                case "until" -> until = time(option, text, value, now, true);
                case "last" -> {
                    try {
                        last = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        last = -1;
                    }
                    if (last <= 0) {
                        throw bad(option, text, "last:" + value + " is not a positive number of runs");
                    }
                }
                default -> throw new IllegalStateException(key);
            }
        }
        return new RunQuery(ids, labels, targets, since, until, sources, names, rws, sizes, last);
    }

    /** A continued label value keeps its key: {@code label:kernel=6.1,6.2} gives kernel=6.2 as well. */
    private static String continuation(String[] previous, String piece) {
        if (previous[0].equals("label")) {
            int eq = previous[1].indexOf('=');
            return (eq < 0 ? previous[1] : previous[1].substring(0, eq)) + "=" + piece;
        }
        return piece;
    }

    private static void label(String option, String text, String value, Map<String, Set<String>> labels) {
        int eq = value.indexOf('=');
        String key = eq < 0 ? value : value.substring(0, eq);
        if (key.isEmpty() || !key.matches("[A-Za-z0-9_.-]+")) {
            throw bad(option, text, "label:" + value + ": expected label:KEY=VALUE or label:KEY");
        }
        Set<String> values = labels.computeIfAbsent(key, k -> new LinkedHashSet<>());
        if (eq >= 0) {
            String v = value.substring(eq + 1);
            if (v.isEmpty()) {
                throw bad(option, text, "label:" + value + ": the value is empty");
            }
            values.add(v);
        }
    }

    private static long[] idRange(String option, String text, String value) {
        try {
            int dash = value.indexOf('-');
            long lo = Long.parseLong(dash < 0 ? value : value.substring(0, dash));
            long hi = dash < 0 ? lo : Long.parseLong(value.substring(dash + 1));
            if (lo < 1 || hi < lo) {
                throw new NumberFormatException();
            }
            return new long[] {lo, hi};
        } catch (NumberFormatException e) {
            throw bad(option, text, "id:" + value + " is not an id or a range (examples: id:12, id:10-20)");
        }
    }

    private static Instant time(String option, String text, String value, Instant now, boolean endOfDay) {
        Matcher m = RELATIVE.matcher(value);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            Duration d = switch (m.group(2)) {
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                case "d" -> Duration.ofDays(n);
                default -> Duration.ofDays(7 * n);
            };
            return now.minus(d);
        }
        try {
            LocalDate day = LocalDate.parse(value);
            return (endOfDay ? day.plusDays(1) : day).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            // not a plain date
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            // not an instant with a zone
        }
        try {
            return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw bad(option, text, "'" + value + "' is not a date (examples: 2026-11-01, 2026-11-01T14:00,"
                    + " 7d, 12h)");
        }
    }

    private static IllegalArgumentException bad(String option, String text, String why) {
        return new IllegalArgumentException(option + " '" + text + "': " + why);
    }
}
