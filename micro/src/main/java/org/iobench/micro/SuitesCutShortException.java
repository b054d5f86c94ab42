package org.iobench.micro;

/**
 * A class's later suite failed (a variant returned a wrong result, threw, or its forked JVM failed) after earlier
 * suites of the class had finished: their results are {@link #finished()}, to keep and save before the failure is
 * reported; the failure is the {@link #getCause() cause}.
 */
public final class SuitesCutShortException extends RuntimeException {
    private final transient RunReport finished;

    public SuitesCutShortException(RunReport finished, RuntimeException cause) {
        super(cause.getMessage(), cause);
        this.finished = finished;
    }

    /** The suites that finished before the failure, as a report. */
    public RunReport finished() {
        return finished;
    }

    /** The failure itself. */
    public RuntimeException failure() {
        return (RuntimeException) getCause();
    }
}
