package org.iobench.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Entry point. Exit statuses (README, "Exit status"): 0 success, 1 I/O failure (partial results marked
 * incomplete), 2 invalid option, value or input file (one line naming it), 4 internal error, 130 interrupted.
 * {@link ErrorHandler} is the one place that maps errors to them; no stack traces unless {@code --debug}.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // what scripts run most to check the tool: the version needs no command line model (picocli's classes
            // are too old a class-file version for the JDK's AOT cache, so building the model costs every start)
            System.out.println(String.join(System.lineSeparator(), new Version().getVersion()));
            System.exit(0);
        }
        int status = execute(args);
        System.out.flush();
        System.exit(status);
    }

    /** Runs a command line on stdout and stderr; returns the exit status. */
    public static int execute(String... args) {
        return execute(commandLine(args), args);
    }

    /**
     * Runs a command line on {@code cl}, whose writers (picocli's {@code getOut()} and {@code getErr()}) carry all
     * of its output, so a test that sets them captures everything. Options before the command are the command's
     * ({@link LeadingOptions}).
     */
    static int execute(CommandLine cl, String... args) {
        try {
            return cl.execute(LeadingOptions.toCommand(cl, args));
        } catch (RuntimeException | Error e) {
            // picocli hands exceptions of a command's call() to the handler; an Error escapes it
            PrintWriter err = cl.getErr();
            return ErrorHandler.report(e, err, ErrorHandler.debug(args));
        } finally {
            cl.getOut().flush();
            cl.getErr().flush();
        }
    }

    /** The whole command tree with the one error handler installed. */
    static CommandLine commandLine() {
        return configured(Subcommands.addAll(new CommandLine(new IobenchCommand())));
    }

    /** The command tree {@code args} need (see {@link Subcommands#addNeeded}), with the error handler installed. */
    static CommandLine commandLine(String[] args) {
        return configured(Subcommands.addNeeded(new CommandLine(new IobenchCommand()), args));
    }

    /** Settings go on after the subcommands are added: picocli applies them to the commands present at the call. */
    private static CommandLine configured(CommandLine cl) {
        ErrorHandler handler = new ErrorHandler();
        Version version = new Version();
        cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(version));
        cl.setCaseInsensitiveEnumValuesAllowed(true)
                .setParameterExceptionHandler(handler).setExecutionExceptionHandler(handler);
        CommandLine fio = cl.getSubcommands().get("fio");
        if (fio != null) {
            fio.setUnmatchedOptionsArePositionalParams(true); // fio's arguments are fio's to read (FioArguments)
            // after "fio", --debug=parse is fio's (iobench fio traces its options); iobench --debug fio still works
            CommandLine.Model.OptionSpec debug = fio.getCommandSpec().findOption("--debug");
            if (debug != null) {
                fio.getCommandSpec().remove(debug);
            }
        }
        return cl;
    }
}
