package org.iobench.cli.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.iobench.cluster.Agent;
import org.iobench.cluster.AllowList;
import org.iobench.cluster.ClusterSecret;
import org.iobench.cluster.HostAddress;
import org.iobench.cluster.ProgramList;
import org.iobench.session.ExitException;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * An agent as {@code iobench agent} starts it: listens, runs the jobs of controllers that hold the secret until
 * SIGINT or SIGTERM, refusing every target outside {@code allow}, any write over existing data unless
 * {@code allowOverwrite}, and every program (the exec engine) not in {@code allowExec}.
 *
 * @param listen         ADDR[:PORT] to listen on (default port {@value #DEFAULT_PORT})
 * @param allow          the directories, files and devices jobs may use
 * @param allowOverwrite whether jobs that ask for it may write over existing files and devices under {@code allow}
 * @param allowExec      the programs jobs may start
 * @param secretFile     the shared secret's file, or null to generate one and print it once
 * @param parser         how the command line reads a controller's job
 */
public record AgentServer(String listen, List<Path> allow, boolean allowOverwrite, List<Path> allowExec,
                          Path secretFile, JobParser parser) {
    /** The port agents listen on and controllers connect to when none is given. */
    public static final int DEFAULT_PORT = 5701;

    public AgentServer {
        allow = List.copyOf(allow);
        allowExec = List.copyOf(allowExec);
    }

    /**
     * Starts the agent and serves until it is stopped; bad input (a bad address, a path or program that does not
     * exist, a bad secret file, an address it cannot listen on) ends it first with status 2.
     *
     * @return 0 once stopped
     */
    public int serve(PrintStream out, PrintStream err, boolean debug) throws InterruptedException {
        HostAddress address;
        try {
            address = HostAddress.parse(listen, DEFAULT_PORT);
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, "--listen " + listen + ": " + e.getMessage());
        }
        AllowList allowed;
        try {
            allowed = AllowList.of(allow);
        } catch (IOException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage());
        }
        ProgramList programs;
        try {
            programs = ProgramList.of(allowExec);
        } catch (IOException e) {
            throw new ExitException(ExitException.USAGE, e.getMessage());
        }
        ClusterSecret secret = SecretFiles.orGenerated(secretFile, out, err);
        Agent agent;
        AgentJobs jobs = new AgentJobs(allowed, allowOverwrite, programs, parser);
        try {
            agent = Agent.start(address.name(), address.port(), secret, jobs, out, debug);
        } catch (IOException | RuntimeException e) {
            throw new ExitException(ExitException.USAGE, "--listen " + address.address() + ": cannot listen there: "
                    + rootMessage(e));
        }
        out.println("iobench agent: listening on " + address.address() + "; allowed: "
                + (allowed.roots().isEmpty() ? "nothing (start with --allow PATH)" : String.join(", ",
                allowed.roots().stream().map(Path::toString).toList()))
                + (allowOverwrite ? "; may overwrite existing files and devices there" : "; writes new files only")
                + (programs.programs().isEmpty() ? "; runs no programs" : "; may run " + String.join(", ",
                programs.programs().stream().map(Path::toString).toList())));
        out.flush();
        jobs.warmUp();
        SignalHandler stop = s -> Thread.ofPlatform().start(() -> agent.stop("SIG" + s.getName()));
        Signal.handle(new Signal("INT"), stop);
        Signal.handle(new Signal("TERM"), stop);
        agent.awaitClose();
        out.println("iobench agent: stopped");
        out.flush();
        return 0;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }
}
