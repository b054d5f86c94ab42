package org.iobench.cli.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import org.iobench.cluster.ClusterSecret;
import org.iobench.session.ExitException;

/** The shared secret of agents and controllers, read from the file {@code --secret-file} names. */
final class SecretFiles {
    private SecretFiles() {}

    /** The agent's secret: {@code file}'s, or without one a new secret printed once on {@code out}. */
    static ClusterSecret orGenerated(Path file, PrintStream out, PrintStream err) {
        if (file == null) {
            ClusterSecret s = ClusterSecret.generate();
            out.println("iobench agent: secret (shown once; write it to a file for the controller's"
                    + " --secret-file, readable by you only): " + s.text());
            return s;
        }
        return read(file, "--secret-file", err);
    }

    /** Reads a secret file; a missing, short or group/world-readable one is bad input (exit 2). */
    static ClusterSecret read(Path file, String option, PrintStream err) {
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
}
