package org.iobench.cli.cluster;

import java.nio.file.Path;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.session.ExitException;

/**
 * How an agent reads a controller's job: the command line parses it exactly as it parses the same command typed
 * here, with only the job's options allowed. Implemented by the command line, which knows its commands; the agent's
 * side ({@link AgentJobs}) knows the allow list and how a parsed job runs.
 */
public interface JobParser {
    /**
     * Parses and checks a job without any I/O, handing every job and path it names to {@code vetter} before it
     * returns.
     *
     * @param command     {@code run} or {@code suite}
     * @param args        the command's arguments after its name, {@code {host}} already replaced
     * @param jobFileName the job file's name when {@code run} runs one, else null
     * @param jobFileText the job file's text, {@code {host}} already replaced, else null
     * @throws ExitException the status and one line a local run would have given (2 for bad input)
     */
    ParsedJob parse(String command, List<String> args, String jobFileName, String jobFileText, Vetter vetter);

    /** What the agent checks in every job before it runs: the paths it may use, the programs it may start. */
    interface Vetter {
        /** Returns {@code spec} when this agent may run it; throws a refusal naming why not. */
        JobSpec vet(JobSpec spec);

        /** Throws a refusal naming {@code what} when {@code path} lies outside what this agent allows. */
        void vetPath(String what, Path path);
    }
}
