package org.iobench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.iobench.compare.CompareTables;
import org.iobench.engine.UnknownEngineException;
import org.iobench.job.InvalidJobException;
import org.iobench.store.StoreException;
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
 * <ul>
 *   <li>2: a bad option or value ({@link ParameterException}, {@link InvalidJobException},
 *       {@link UnknownEngineException}) or an
 *       {@link ExitException} with status 2 (bad input found by a command: an unreadable file, a refused output);</li>
 *   <li>1: an I/O failure during the work ({@link IOException}, {@link StoreException}), or a selection that
 *       found nothing to compare;</li>
 *   <li>4: anything else, an internal error: the message says so and asks for {@code --debug}.</li>
 * </ul>
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

    static int report(Throwable error, PrintStream err, boolean debug) {
        PrintWriter w = new PrintWriter(err);
        int status = report(error, w, debug);
        w.flush();
        return status;
    }

    static Outcome outcome(Throwable error, boolean debug) {
        return switch (error) {
            case ExitException e -> new Outcome(e.status(), IoReasons.firstLine(e.getMessage()));
            case ParameterException e -> new Outcome(ExitException.USAGE, parameterMessage(e));
            case InvalidJobException e -> new Outcome(ExitException.USAGE, IoReasons.firstLine(e.getMessage()));
            case UnknownEngineException e -> new Outcome(ExitException.USAGE, e.getMessage());
            case CompareTables.NothingToCompare e ->
                    new Outcome(ExitException.IO_FAILURE, IoReasons.firstLine(e.getMessage()));
            case StoreException e -> new Outcome(ExitException.IO_FAILURE, IoReasons.firstLine(e.getMessage()));
            case IOException e -> new Outcome(ExitException.IO_FAILURE, IoReasons.describe(e));
            case UncheckedIOException e -> new Outcome(ExitException.IO_FAILURE, IoReasons.describe(e.getCause()));
            default -> new Outcome(ExitException.INTERNAL, "internal error: " + error.getClass().getName()
                    + (error.getMessage() == null ? "" : ": " + IoReasons.firstLine(error.getMessage()))
                    + (debug ? "" : " (a bug; rerun with --debug for where it happened)"));
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
        err.println("iobench: " + message);
        if (debug) {
            error.printStackTrace(err);
        }
        err.flush();
    }

    static boolean debug(String[] args) {
        return Arrays.asList(args).contains("--debug");
    }
}
