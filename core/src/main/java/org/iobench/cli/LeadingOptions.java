package org.iobench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;

/**
 * Options typed before the command are the command's: {@code iobench --db F import X} is
 * {@code iobench import --db F X}, and {@code iobench --no-store run ...} saves nothing. {@code iobench} itself
 * declares the quick suite's options ({@code --db}, {@code --no-store}, {@code -o}, {@code --format}...), so picocli
 * alone would hand them to the quick suite, which does not run when a command is named, and the command would save
 * where the user did not say. picocli's inherited options ({@link ScopeType#INHERIT}) would add them to every
 * command, including those that do not take them; here each command keeps the options it declares, and one given
 * before a command that does not take it is refused as it is after the command (status 2, before any work).
 * Inherited options ({@code --debug}) stay where they are: they are every command's already.
 */
final class LeadingOptions {
    /** One option as typed before the command: its words (the option, and its value when that is a word apart). */
    record Given(List<String> words, List<OptionSpec> options, List<String> names) {
        /** Whether {@code iobench} itself knows every option in it (a cluster such as {@code -qo} has several). */
        boolean known() {
            return !options.isEmpty() && !options.contains(null);
        }
    }

    /**
     * The options before the command, and where the command is: {@code args.length} when the line names none;
     * {@code afterEnd} when {@code --} came before it (picocli reads no option and no command after it).
     */
    record Leading(List<Given> given, int command, boolean afterEnd) {}

    private LeadingOptions() {}

    /**
     * The options of {@code root} before the first word that is not one of them or an option's value: the command,
     * at {@code args.length} when the line names none, or just past {@code --}.
     */
    static Leading scan(CommandSpec root, String[] args) {
        List<Given> given = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return new Leading(given, i + 1, true);
            }
            if (!a.startsWith("-") || a.equals("-")) {
                return new Leading(given, i, false);
            }
            List<OptionSpec> options = new ArrayList<>();
            List<String> names = new ArrayList<>();
            boolean valueApart = false;
            if (a.startsWith("--") || a.length() == 2 || a.contains("=") || root.findOption(a) != null) {
                String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
                OptionSpec o = root.findOption(name);
                options.add(o);
                names.add(name);
                valueApart = o != null && o.arity().max() > 0 && !a.contains("=");
            } else { // POSIX short options clustered: -qo FILE is -q -o FILE, -ofile is -o file
                for (int c = 1; c < a.length(); c++) {
                    String name = "-" + a.charAt(c);
                    OptionSpec o = root.findOption(name);
                    options.add(o);
                    names.add(name);
                    if (o == null || o.arity().max() > 0) {
                        valueApart = o != null && c == a.length() - 1;
                        break;
                    }
                }
            }
            List<String> words = new ArrayList<>(List.of(a));
            if (valueApart && i + 1 < args.length) {
                words.add(args[++i]);
            }
            given.add(new Given(words, options, names));
        }
        return new Leading(given, args.length, false);
    }

    /**
     * {@code args} with the options before the command moved to just after its name, where the command's own
     * parser reads them; unchanged when there is no command, {@code --} comes first, or the command is not one of
     * {@code root}'s (picocli then says so). Options {@code iobench} does not know stay where they are: picocli
     * names them.
     *
     * @throws ParameterException (status 2) for an option the command does not take, naming both
     */
    static String[] toCommand(CommandLine root, String[] args) {
        Leading leading = scan(root.getCommandSpec(), args);
        if (leading.command() >= args.length || leading.afterEnd() || leading.given().isEmpty()) {
            return args;
        }
        String name = args[leading.command()];
        CommandLine command = root.getSubcommands().get(name);
        if (command == null) {
            return args;
        }
        CommandSpec spec = command.getCommandSpec();
        List<String> stay = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        for (Given g : leading.given()) {
            if (!g.known() || g.options().stream().allMatch(o -> o.scopeType() == ScopeType.INHERIT)) {
                stay.addAll(g.words());
                continue;
            }
            String missing = g.names().stream().filter(n -> spec.findOption(n) == null).findFirst().orElse(null);
            if (missing == null) {
                moved.addAll(g.words());
            } else if (g.options().stream().allMatch(o -> o.usageHelp() || o.versionHelp())) {
                stay.addAll(g.words()); // iobench --help fio: iobench's help, as before
            } else {
                throw new ParameterException(command, name + ": unknown option '" + missing
                        + "' (an option before the command is the command's); iobench help " + name
                        + " lists the options");
            }
        }
        List<String> out = new ArrayList<>(stay);
        out.add(name);
        out.addAll(moved);
        out.addAll(List.of(args).subList(leading.command() + 1, args.length));
        return out.toArray(String[]::new);
    }
}
