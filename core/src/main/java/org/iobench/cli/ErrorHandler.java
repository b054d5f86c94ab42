package org.iobench.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import org.iobench.compare.CompareTables;
import org.iobench.session.ExitException;
import org.iobench.session.Failures;
import org.iobench.session.IoReasons;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one place where an error becomes an exit status and a line on stderr ({@code iobench: ...}), for parse
 * errors and for everything a command throws:
 * a bad option or value ({@link ParameterException}) is 2, a selection that found nothing to compare 1, and
 * everything else as {@link Failures} says (2 bad input, 1 an I/O failure, 4 an internal error).
 * The stack trace (with its causes) is printed only with {@code --debug}. Output goes to picocli's error writer,
 * which tests replace to capture it.
 */
final class ErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {
    /** What an error means for the user: an exit status and a one-line message. */
    record Outcome(int status, String message) {}

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        print(ex.getCommandLine().getErr(), parameterMessage(ex), ex, debug(args));
        return ExitException.USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
        return report(ex, cmd.getErr(), debug(parsed.originalArgs().toArray(String[]::new)));
    }

    /**
     * Prints {@code error} and returns its status: for errors that escaped picocli (an {@link Error}), and for
     * failures a command reports without stopping (a save that failed after the runs, while the JSON file is still
     * to be written).
     */
    static int report(Throwable error, PrintWriter err, boolean debug) {
        Outcome o = outcome(error, debug);
        print(err, o.message(), error, debug);
        return o.status();
    }

    static Outcome outcome(Throwable error, boolean debug) {
        return switch (error) {
            case ParameterException e -> new Outcome(ExitException.USAGE, parameterMessage(e));
            case CompareTables.NothingToCompare e ->
                    new Outcome(ExitException.IO_FAILURE, IoReasons.firstLine(e.getMessage()));
            default -> {
                Failures.Outcome o = Failures.outcome(error, debug);
                yield new Outcome(o.status(), o.message());
            }
        };
    }

    /**
     * A converter's complaint is printed after the option's name, {@code --runs: '0' must be at least 1}; an unknown
     * command or option with what was probably meant ({@link Suggestions}); other parse errors (a missing
     * parameter) as picocli words them.
     */
    static String parameterMessage(ParameterException ex) {
        if (ex instanceof UnmatchedArgumentException u) {
            return Suggestions.message(u);
        }
        String help = Suggestions.forHelp(ex);
        if (help != null) {
            return help;
        }
        if (ex.getCause() instanceof TypeConversionException t && ex.getArgSpec() != null) {
            return name(ex.getArgSpec()) + ": " + IoReasons.firstLine(t.getMessage());
        }
        return IoReasons.firstLine(ex.getMessage());
    }

    private static String name(ArgSpec arg) {
        return switch (arg) {
            case OptionSpec o -> o.longestName();
            case PositionalParamSpec p -> p.paramLabel();
            default -> arg.toString();
        };
    }

    private static void print(PrintWriter err, String message, Throwable error, boolean debug) {
        Failures.print(err, message, error, debug);
    }

    static boolean debug(String[] args) {
        return Arrays.asList(args).contains("--debug");
    }
}
