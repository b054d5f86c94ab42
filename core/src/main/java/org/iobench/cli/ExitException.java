package org.iobench.cli;

/** Ends a command with an exit status and a one-line message; thrown anywhere below a command's {@code call}. */
public final class ExitException extends RuntimeException {
    public static final int IO_FAILURE = 1;
    public static final int USAGE = 2;
    /** {@code iobench check}: a workload regressed beyond the threshold, significantly. */
    public static final int REGRESSION = 3;
    public static final int INTERRUPTED = 130;

    private final int status;

    public ExitException(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
