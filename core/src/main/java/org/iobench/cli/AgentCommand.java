package org.iobench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.iobench.cluster.Agent;
import org.iobench.cluster.AllowList;
import org.iobench.cluster.ClusterSecret;
import org.iobench.cluster.HostAddress;
import org.iobench.cluster.ProgramList;
import org.iobench.session.ExitException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code iobench agent}: runs jobs for a controller ({@code iobench run ... --hosts}) until stopped with Ctrl-C or
 * SIGTERM. Refuses every target outside its {@code --allow} paths, and any write over existing data unless started
 * with {@code --allow-overwrite}, and every program (the exec engine) not named by {@code --allow-exec}. Only holders
 * of the secret get in: docs/multi-host.md has the threat model.
 */
@Command(name = "agent", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run jobs for a controller (iobench run ... --hosts) until stopped (docs/multi-host.md).",
                "Without --secret-file, a secret is generated and printed once for the controller's --secret-file."})
final class AgentCommand implements Callable<Integer> {
    static final int DEFAULT_PORT = 5701;

    @Option(names = "--listen", paramLabel = "ADDR[:PORT]", description = "the address (and port) to listen on"
            + " (default: 127.0.0.1:5701, this machine only)")
    String listen = "127.0.0.1";

    @Option(names = "--allow", paramLabel = "PATH", description = "a directory, file or device jobs may use"
            + " (repeatable; default: none, every target is refused)")
    List<Path> allow = new ArrayList<>();

    @Option(names = "--allow-overwrite", description = "let jobs that ask for it (--allow-overwrite) write to existing"
            + " files and devices under --allow")
    boolean allowOverwrite;

    @Option(names = "--allow-exec", paramLabel = "PROGRAM", description = "a program jobs may start with the exec"
            + " engine (repeatable; default: none; it runs with this agent's rights, beyond --allow)")
    List<Path> allowExec = new ArrayList<>();

    @Option(names = "--secret-file", paramLabel = "FILE", description = "the shared secret (at least 16"
            + " characters); without it one is generated and printed")
    Path secretFile;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec command;

    @Override
    public Integer call() throws Exception {
        PrintStream out = Streams.out(command);
        PrintStream err = Streams.err(command);
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
        ClusterSecret secret = secret(secretFile, out, err);
        Agent agent;
        AgentJobs jobs = new AgentJobs(allowed, allowOverwrite, programs);
        try {
            agent = Agent.start(address.name(), address.port(), secret, jobs, out, IobenchCommand.debug(command));
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
        sun.misc.SignalHandler stop = s -> Thread.ofPlatform().start(() -> agent.stop("SIG" + s.getName()));
        Signal.handle(new Signal("INT"), stop);
        Signal.handle(new Signal("TERM"), stop);
        agent.awaitClose();
        out.println("iobench agent: stopped");
        out.flush();
        return 0;
    }

    static ClusterSecret secret(Path file, PrintStream out, PrintStream err) {
        if (file == null) {
            ClusterSecret s = ClusterSecret.generate();
            out.println("iobench agent: secret (shown once; write it to a file for the controller's"
                    + " --secret-file, readable by you only): " + s.text());
            return s;
        }
        return readSecret(file, "--secret-file", err);
    }

    /** Reads a secret file; a missing, short or group/world-readable one is bad input (exit 2). */
    static ClusterSecret readSecret(Path file, String option, PrintStream err) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.contains(PosixFilePermission.OTHERS_READ) || perms.contains(PosixFilePermission.GROUP_READ)) {
                err.println("iobench: warning: " + option + " " + file + " is readable by other users"
                        + " (chmod 600 it)");
            }
            return ClusterSecret.read(file);
        } catch (IOException e) {
            throw new ExitException(ExitException.USAGE, option + " " + file + ": cannot read it: " + e.getMessage());
        } catch (UnsupportedOperationException e) {
            try {
                return ClusterSecret.read(file);
            } catch (IOException io) {
                throw new ExitException(ExitException.USAGE, option + " " + file + ": cannot read it: "
                        + io.getMessage());
            }
        } catch (IllegalArgumentException e) {
            throw new ExitException(ExitException.USAGE, option + " " + file + ": " + e.getMessage());
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }
}
