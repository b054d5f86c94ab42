package org.iobench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whom findings alike are about, in one phrase: {@code "lv0..lv9 run 1"}, {@code "dd1, dd2 runs 1, 2"},
 * {@code "seq-write run 1, group dd3 run 2"}.
 */
public final class Subjects {
    private static final Pattern NUMBERED = Pattern.compile("(.*?)(\\d+)");

    private Subjects() {}

    /**
     * A job or group ({@code "lv0"}, {@code "group dd3"}) and the runs it is about (1-based; empty: the job as
     * configured).
     */
    public record Subject(String who, List<Integer> runs) {
        public Subject {
            runs = List.copyOf(runs);
        }
    }

    /**
     * The subjects as one phrase: their names, a numbered series as {@code first..last}, followed by the runs when
     * all share them; otherwise each subject with its own runs.
     */
    public static String name(List<Subject> subjects) {
        Set<List<Integer>> runs = new LinkedHashSet<>();
        subjects.forEach(s -> runs.add(s.runs()));
        if (runs.size() == 1) {
            String names = names(subjects.stream().map(Subject::who).distinct().toList());
            String which = runs(runs.iterator().next());
            return names.isEmpty() ? which : which.isEmpty() ? names : names + " " + which;
        }
        List<String> each = new ArrayList<>();
        for (Subject s : subjects) {
            String which = runs(s.runs());
            each.add(s.who().isEmpty() ? which : which.isEmpty() ? s.who() : s.who() + " " + which);
        }
        return String.join(", ", new LinkedHashSet<>(each));
    }

    /** {@code "lv0..lv9"} for a series of one prefix and consecutive numbers in order, else the names joined. */
    static String names(List<String> names) {
        if (names.size() >= 3) {
            String prefix = null;
            long previous = 0;
            boolean series = true;
            for (String n : names) {
                Matcher m = NUMBERED.matcher(n);
                if (!m.matches() || m.group(2).length() > 18 || (prefix != null && !prefix.equals(m.group(1)))) {
                    series = false;
                    break;
                }
                long number = Long.parseLong(m.group(2));
                if (prefix != null && number != previous + 1) {
                    series = false;
                    break;
                }
                prefix = m.group(1);
                previous = number;
            }
            if (series) {
                return names.getFirst() + ".." + names.getLast();
            }
        }
        return String.join(", ", names);
    }

    private static String runs(List<Integer> runs) {
        if (runs.isEmpty()) {
            return "";
        }
        return (runs.size() == 1 ? "run " : "runs ") + String.join(", ", runs.stream().map(String::valueOf).toList());
    }
}
