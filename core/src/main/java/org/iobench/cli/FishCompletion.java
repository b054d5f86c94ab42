package org.iobench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A fish completion script from the picocli model: the subcommands, then for each its options (long and short
 * names, whether they take a value, their candidates) and its positional candidates, each with the first sentence
 * of its description.
 */
final class FishCompletion {
    private FishCompletion() {}

    static String script(CommandSpec root) {
        StringBuilder b = new StringBuilder("# fish completion for ").append(root.name())
                .append(", made by: iobench completion fish\n");
        String cmd = root.name();
        b.append("complete -c ").append(cmd).append(" -f\n");
        List<String> names = new ArrayList<>(root.subcommands().keySet());
        b.append("complete -c ").append(cmd).append(" -n __fish_use_subcommand -a ").append(quote(String.join(" ",
                names))).append('\n');
        for (Map.Entry<String, CommandLine> e : root.subcommands().entrySet()) {
            command(b, cmd, e.getKey(), e.getValue().getCommandSpec());
        }
        return b.toString();
    }

    private static void command(StringBuilder b, String cmd, String name, CommandSpec spec) {
        String when = " -n " + quote("__fish_seen_subcommand_from " + name);
        if (!spec.subcommands().isEmpty()) {
            b.append("complete -c ").append(cmd).append(when).append(" -a ")
                    .append(quote(String.join(" ", spec.subcommands().keySet()))).append('\n');
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            StringBuilder line = new StringBuilder("complete -c ").append(cmd).append(when);
            for (String n : o.names()) {
                line.append(n.startsWith("--") ? " -l " + n.substring(2) : " -s " + n.substring(1));
            }
            if (o.arity().max() > 0 && o.arity().min() > 0) {
                line.append(" -r");
            }
            List<String> values = candidates(o.completionCandidates());
            if (!values.isEmpty()) {
                line.append(" -x -a ").append(quote(String.join(" ", values)));
            } else if (o.arity().min() > 0 && o.paramLabel().matches(".*(FILE|PATH|DIR|TARGET|DIRECTORY).*")) {
                line.append(" -F");
            }
            line.append(" -d ").append(quote(firstSentence(o.description())));
            b.append(line).append('\n');
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            List<String> values = candidates(p.completionCandidates());
            b.append("complete -c ").append(cmd).append(when).append(values.isEmpty() ? " -F"
                    : " -a " + quote(String.join(" ", values))).append(" -d ")
                    .append(quote(p.paramLabel())).append('\n');
        }
    }

    private static List<String> candidates(Iterable<String> c) {
        List<String> out = new ArrayList<>();
        if (c != null) {
            c.forEach(out::add);
        }
        return out;
    }

    private static String firstSentence(String[] description) {
        String d = description.length == 0 ? "" : description[0];
        int colon = d.indexOf(". ");
        return (colon > 0 ? d.substring(0, colon) : d).replace("${COMPLETION-CANDIDATES}", "").strip();
    }

    /** A fish single-quoted string. */
    private static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
