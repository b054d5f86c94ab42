package org.iobench.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.iobench.cli.cluster.ClusterRun;
import org.iobench.session.ExitException;
import picocli.CommandLine.Option;

/** {@code --hosts} and what goes with it: the commands that can run a job on several agents at once. */
final class ClusterOptions {
    @Option(names = "--hosts", split = ",", paramLabel = "HOST[:PORT]",
            description = "run the job on these iobench agents at once (default port 5701); {host} in the target"
                    + " becomes each host's name (docs/multi-host.md)")
    List<String> hosts;

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "with --hosts: the file holding the secret the agents were started with")
    Path secretFile;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", converter = Converters.Duration.class,
            description = "with --hosts: how long to wait for every agent to answer (default: 10s)")
    Long connectTimeoutNanos;

    boolean active() {
        if (hosts == null || hosts.isEmpty()) {
            if (secretFile != null) {
                throw new ExitException(ExitException.USAGE, "--secret-file " + secretFile + ": applies only with"
                        + " --hosts");
            }
            return false;
        }
        if (secretFile == null) {
            throw new ExitException(ExitException.USAGE, "--hosts " + String.join(",", hosts) + ": needs"
                    + " --secret-file FILE (the secret the agents were started with, or the one an agent printed)");
        }
        return true;
    }

    /** The run on the hosts {@code --hosts} names, printing and keeping its results as {@code outputs} say. */
    ClusterRun on(RunOutputs outputs, boolean debug) {
        return new ClusterRun(hosts, secretFile, Duration.ofNanos(connectTimeoutNanos != null ? connectTimeoutNanos
                : 10_000_000_000L), debug, outputs.output.quiet, outputs.out(), outputs.err());
    }
}
