package org.iobench.session;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The file that keeps a run's result document ({@code -o FILE}), checked before any run: the command line's
 * output file, seen from the session.
 */
public interface ResultFile {
    /**
     * Refuses {@code target} when it is this file: a job's target is not a result file.
     *
     * @throws ExitException status 2
     */
    void refuseTarget(Path target);

    /** Whether this is {@code -}, standard output. */
    boolean toStdout();

    /**
     * Writes {@code text} whole (a file) after the runs.
     *
     * @throws IOException one line naming the option and the file
     */
    void write(String text) throws IOException;
}
