package org.iobench.session;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.iobench.engine.UnknownEngineException;
import org.iobench.job.InvalidJobException;
import org.iobench.store.StoreException;

/**
 * What an error means for the user: an exit status and a one-line message ({@code iobench: ...}), for everything
 * a run or a command throws; the command line's handler adds its own parse errors and prints through
 * {@link #print}.
 * <ul>
 *   <li>2: a bad option or value ({@link InvalidJobException}, {@link UnknownEngineException}) or an
 *       {@link ExitException} with status 2 (bad input found by a command: an unreadable file, a refused output);</li>
 *   <li>1: an I/O failure during the work ({@link IOException}, {@link StoreException});</li>
 *   <li>4: anything else, an internal error: the message says so and asks for {@code --debug}.</li>
 * </ul>
 * The stack trace (with its causes) is printed only with {@code --debug}.
 */
public final class Failures {
    /** What an error means for the user: an exit status and a one-line message. */
    public record Outcome(int status, String message) {}

    private Failures() {}

    /** The status and line for {@code error}; an error this class does not know is internal (4). */
    public static Outcome outcome(Throwable error, boolean debug) {
        return switch (error) {
            case ExitException e -> new Outcome(e.status(), IoReasons.firstLine(e.getMessage()));
            case InvalidJobException e -> new Outcome(ExitException.USAGE, IoReasons.firstLine(e.getMessage()));
            case UnknownEngineException e -> new Outcome(ExitException.USAGE, e.getMessage());
            case StoreException e -> new Outcome(ExitException.IO_FAILURE, IoReasons.firstLine(e.getMessage()));
            case IOException e -> new Outcome(ExitException.IO_FAILURE, IoReasons.describe(e));
            case UncheckedIOException e -> new Outcome(ExitException.IO_FAILURE, IoReasons.describe(e.getCause()));
            default -> new Outcome(ExitException.INTERNAL, "internal error: " + error.getClass().getName()
                    + (error.getMessage() == null ? "" : ": " + IoReasons.firstLine(error.getMessage()))
                    + (debug ? "" : " (a bug; rerun with --debug for where it happened)"));
        };
    }

    /**
     * Prints {@code error} and returns its status: for failures reported without stopping (a save that failed
     * after the runs, while the JSON file is still to be written).
     */
    public static int report(Throwable error, PrintStream err, boolean debug) {
        PrintWriter w = new PrintWriter(err);
        Outcome o = outcome(error, debug);
        print(w, o.message(), error, debug);
        return o.status();
    }

    /** {@code iobench: message}, and with {@code debug} the stack trace with its causes. */
    public static void print(PrintWriter err, String message, Throwable error, boolean debug) {
        err.println("iobench: " + message);
        if (debug) {
            error.printStackTrace(err);
        }
        err.flush();
    }
}
