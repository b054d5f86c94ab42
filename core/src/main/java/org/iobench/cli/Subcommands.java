package org.iobench.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;

/**
 * iobench's subcommands, and which of them a command line needs. picocli builds a command's model (every option,
 * converter and mixin, by reflection) when the command is added, so adding all of them costs every invocation the
 * classes of every command; {@code iobench --version} or {@code iobench run} need none or one. The tree is
 * complete wherever all commands are listed or looked up: help, completion, and a first word that is not a command
 * (so that the error can suggest one).
 */
final class Subcommands {
    /** In the order of {@code iobench --help}. A new command is added here, not in {@link IobenchCommand}. */
    static final List<Class<?>> ALL = List.of(RunCommand.class, VmstatCommand.class, ReportCommand.class,
            DdCommand.class, FioCommand.class, SaturateCommand.class, SuiteCommand.class, RunsCommand.class,
            ShowCommand.class, DeleteCommand.class, ExportCommand.class, CompareCommand.class, ImportCommand.class,
            VerifyCommand.class, MicroCommand.class,
            AgentCommand.class, HistoryCommand.class, CheckCommand.class,
            HelpCommand.class, CompletionCommand.class);

    private Subcommands() {}

    /** The name a command is called by, from its {@code @Command}. */
    static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }

    /** Adds every subcommand to {@code root}. */
    static CommandLine addAll(CommandLine root) {
        for (Class<?> c : ALL) {
            root.addSubcommand(c);
        }
        return root;
    }

    /**
     * Adds to {@code root} the subcommands that {@code args} can reach: none when the line names no command and
     * asks for no help (the quick suite, {@code --version}); the one named, unless it is help or completion, which
     * need all; all when the first word is not a command or help is asked before it.
     */
    static CommandLine addNeeded(CommandLine root, String[] args) {
        String word = firstWord(root.getCommandSpec(), args);
        if (word == null) {
            return asksForHelp(args) ? addAll(root) : root;
        }
        if (LeadingOptions.scan(root.getCommandSpec(), args).given().stream()
                .anyMatch(g -> g.names().contains("-h") || g.names().contains("--help"))) {
            return addAll(root); // iobench --help fio: iobench's help, which lists every command
        }
        for (Class<?> c : ALL) {
            String name = name(c);
            if (name.equals(word) && c != HelpCommand.class && c != CompletionCommand.class) {
                return root.addSubcommand(c);
            }
        }
        return addAll(root);
    }

    /** The first argument that is not an option of {@code root} or an option's value; null when there is none. */
    static String firstWord(CommandSpec root, String[] args) {
        int command = LeadingOptions.scan(root, args).command();
        return command < args.length ? args[command] : null;
    }

    private static boolean asksForHelp(String[] args) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help")) {
                return true;
            }
        }
        return false;
    }
}
