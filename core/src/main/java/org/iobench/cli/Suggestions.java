package org.iobench.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iobench.session.IoReasons;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * "Did you mean" for a command or option picocli could not match: {@code iobench rn} suggests {@code run},
 * {@code run --thread 4 DIR} suggests {@code --threads} (and does not call DIR an option: only the first unmatched
 * argument is named). Suggestions are the names within a small edit distance (a typo: a letter missing, added,
 * changed or two swapped) or that start with what was typed; when there are none, picocli's own suggestions
 * ({@link UnmatchedArgumentException#getSuggestions()}: options sharing the first letters, commands with similar
 * letter pairs).
 */
final class Suggestions {
    private static final int MAX = 3;

    private Suggestions() {}

    /** One line: which command, what is unknown, and what was probably meant. */
    static String message(UnmatchedArgumentException ex) {
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        List<String> unmatched = ex.getUnmatched();
        if (unmatched == null || unmatched.isEmpty()) {
            return IoReasons.firstLine(ex.getMessage());
        }
        String arg = unmatched.getFirst();
        String where = spec.parent() == null ? "" : spec.qualifiedName(" ").replaceFirst("^\\S+ ", "") + ": ";
        boolean option = arg.length() > 1 && arg.startsWith("-") && !isNumber(arg);
        String typed = option && arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
        List<String> names = option ? optionNames(spec) : List.copyOf(spec.subcommands().keySet());
        List<String> close = nearest(typed, names);
        if (close.isEmpty()) {
            close = ex.getSuggestions().stream().map(s -> option && !s.startsWith("-") ? "--" + s : s)
                    .filter(names::contains).limit(MAX).toList();
        }
        String what = option ? "unknown option '" + typed + "'"
                : spec.subcommands().isEmpty() ? "unexpected argument '" + arg + "'" : "unknown command '" + arg + "'";
        String help = "iobench help" + (spec.parent() == null ? "" : " " + spec.name());
        return where + what + (close.isEmpty()
                ? "; " + help + " lists the " + (option || spec.subcommands().isEmpty() ? "options" : "commands")
                : " (did you mean " + String.join(" or ", close) + "?)");
    }

    /**
     * {@code iobench help NAME} for a NAME that is no command: picocli's help command words it
     * {@code Unknown subcommand 'NAME'.}; this adds what was probably meant. Null for any other message.
     */
    static String forHelp(ParameterException ex) {
        Matcher m = Pattern.compile("Unknown subcommand '(.*)'\\.")
                .matcher(String.valueOf(ex.getMessage()));
        if (!m.matches()) {
            return null;
        }
        List<String> close = nearest(m.group(1), List.copyOf(ex.getCommandLine().getCommandSpec().root()
                .subcommands().keySet()));
        return "help: unknown command '" + m.group(1) + "'" + (close.isEmpty() ? "; iobench help lists the commands"
                : " (did you mean " + String.join(" or ", close) + "?)");
    }

    /** The names among {@code candidates} that {@code typed} is probably a typo or an abbreviation of, best first. */
    static List<String> nearest(String typed, List<String> candidates) {
        String t = strip(typed);
        int limit = Math.max(1, Math.min(3, t.length() / 3));
        record Scored(String name, int distance) {}
        List<Scored> scored = new ArrayList<>();
        for (String c : candidates) {
            String s = strip(c);
            int d = distance(t, s);
            if (d <= limit) {
                scored.add(new Scored(c, d));
            } else if (t.length() >= 3 && s.startsWith(t)) {
                scored.add(new Scored(c, limit + 1));
            }
        }
        return scored.stream().sorted(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name))
                .map(Scored::name).distinct().limit(MAX).toList();
    }

    /**
     * The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours, each 1.
     */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                names.addAll(List.of(o.names()));
            }
        }
        return names;
    }

    private static String strip(String name) {
        return name.replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    }

    private static boolean isNumber(String s) {
        return s.matches("-\\d.*");
    }
}
