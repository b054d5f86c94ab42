package org.iobench.cli.cluster;

import java.io.PrintStream;
import org.iobench.session.RunHost;

/** A controller's job as the command line parsed and checked it, to run once on the host the agent hands it. */
public interface ParsedJob {
    /**
     * Runs the command on {@code host}, which checks every job again, runs it under the controller's switches and
     * takes its results.
     *
     * @return the exit status a local run would have given
     */
    int runOn(RunHost host) throws Exception;

    /** Where the command prints its own lines (the agent's standard error). */
    PrintStream err();
}
