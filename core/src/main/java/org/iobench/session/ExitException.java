package org.iobench.session;

/**
 * Ends a command with an exit status and a one-line message; thrown anywhere below a command's {@code call}. The
 * cause, when there is one, is kept so that {@code --debug} shows where the error happened, not where it was
 * turned into a status. {@link Failures} is the one place that turns it (and every other error) into a status and a
 * line; the command line's picocli handler prints it.
 */
public final class ExitException extends RuntimeException {
    /** An I/O failure during the work (partial results printed and marked), or a query that found nothing. */
    public static final int IO_FAILURE = 1;
    /** An invalid option or value, or an unreadable or garbage file named on the command line: nothing ran. */
    public static final int USAGE = 2;
    /** {@code iobench check}: a workload regressed beyond the threshold, significantly. */
    public static final int REGRESSION = 3;
    /**
     * {@code iobench check}: nothing regressed, but some workload's repetitions cannot detect a loss of
     * {@code --max-regression} at alpha: neither a pass nor a failure.
     */
    public static final int INCONCLUSIVE = 5;
    /** A bug: an exception nobody expected. */
    public static final int INTERNAL = 4;
    public static final int INTERRUPTED = 130;

    private final int status;

    public ExitException(int status, String message) {
        this(status, message, null);
    }

    public ExitException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** Bad input: status 2. */
    public static ExitException usage(String message) {
        return new ExitException(USAGE, message);
    }

    public int status() {
        return status;
    }
}
