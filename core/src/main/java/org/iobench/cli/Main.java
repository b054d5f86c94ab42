package org.iobench.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import org.iobench.job.InvalidJobException;
import picocli.CommandLine;

/**
 * Entry point. Maps outcomes to exit statuses: 0 success, 1 I/O failure (partial results marked incomplete),
 * 2 invalid option or value (one line naming it), 130 interrupted. No stack traces unless {@code --debug}.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        int status = execute(args);
        System.out.flush();
        System.exit(status);
    }

    public static int execute(String... args) {
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cl = commandLine();
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("iobench: " + firstLine(ex.getMessage()));
            if (debug) {
                ex.printStackTrace(err);
            }
            err.flush();
            return ExitException.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> {
            PrintWriter err = cmd.getErr();
            int status;
            String message;
            switch (ex) {
                case ExitException e -> { status = e.status(); message = e.getMessage(); }
                case InvalidJobException e -> { status = ExitException.USAGE; message = e.getMessage(); }
                case java.io.IOException e -> { status = ExitException.IO_FAILURE; message = e.getMessage(); }
                default -> {
                    status = ExitException.IO_FAILURE;
                    message = "internal error: " + ex + (debug ? "" : " (rerun with --debug for the stack trace)");
                }
            }
            err.println("iobench: " + firstLine(message));
            if (debug) {
                ex.printStackTrace(err);
            }
            err.flush();
            return status;
        });
        return cl.execute(args);
    }

    static CommandLine commandLine() {
        return new CommandLine(new IobenchCommand()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
