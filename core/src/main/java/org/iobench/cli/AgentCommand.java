package org.iobench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.iobench.cli.cluster.AgentServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

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

    @Spec
    CommandSpec command;

    @Override
    public Integer call() throws InterruptedException {
        return new AgentServer(listen, allow, allowOverwrite, allowExec, secretFile, new ClusterJobs())
                .serve(Streams.out(command), Streams.err(command), IobenchCommand.debug(command));
    }
}
