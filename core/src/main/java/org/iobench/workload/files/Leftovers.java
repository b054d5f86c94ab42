package org.iobench.workload.files;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.iobench.job.Sizes;
import org.iobench.sysmon.ProcLocks;

/**
 * Scratch files an iobench that did not finish left behind (kill -9, a power cut: no shutdown hook ran), mentioned
 * when a later run makes its own scratch file in the same directory, and never removed: iobench deletes only the
 * files this process made. A {@code .iobench-*.tmp} file counts as left over only when it is certain: no other
 * iobench process is running (their names carry no process id) and no process holds a lock on it (a job claims
 * its file with flock while it runs). Otherwise nothing is said: silence beats a false alarm.
 */
final class Leftovers {
    private final Predicate<Path> anotherIobenchMayUse;
    private final Predicate<Path> locked;

    Leftovers(Predicate<Path> anotherIobenchMayUse, Predicate<Path> locked) {
        this.anotherIobenchMayUse = anotherIobenchMayUse;
        this.locked = locked;
    }

    static Leftovers system() {
        ProcLocks locks = ProcLocks.system();
        return new Leftovers(Leftovers::anotherIobenchMayUse, f -> !locks.on(f).isEmpty());
    }

    /** Prints one line naming the files left over in {@code dir}, if there are any for certain. */
    void mention(Path dir, PrintStream err) {
        List<Path> left = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ".iobench-*.tmp")) {
            for (Path f : entries) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && ScratchFiles.createdAs(f) == null) {
                    left.add(f);
                }
            }
        } catch (IOException | SecurityException e) {
            return; // an unreadable directory: nothing to say for certain
        }
        if (left.isEmpty() || anotherIobenchMayUse.test(dir) || left.stream().anyMatch(locked)) {
            return;
        }
        long bytes = 0;
        List<String> names = new ArrayList<>();
        for (Path f : left.stream().sorted().toList()) {
            names.add(f.getFileName().toString());
            try {
                bytes += Files.size(f);
            } catch (IOException gone) {
                // removed meanwhile
            }
        }
        err.println("iobench: note: " + dir + " holds " + (names.size() == 1 ? "a scratch file" : names.size()
                + " scratch files") + " an iobench that did not finish left (" + String.join(", ", names) + "; "
                + Sizes.humanBinary(bytes) + "): no running iobench uses the directory and no process holds " + (names.size() == 1 ? "it"
                : "them") + "; iobench removes only files it made, so delete " + (names.size() == 1 ? "it" : "them")
                + " yourself");
    }

    /**
     * Whether a process other than this one runs iobench (its main class or its jar on the command line) and may have
     * made files in {@code dir}: an agent (its targets come over the network), one whose arguments name the
     * directory, or one working in it (a relative target). A report or a store tool elsewhere does not count.
     */
    static boolean anotherIobenchMayUse(Path dir) {
        long self = ProcessHandle.current().pid();
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            return true; // cannot tell: say nothing
        }
        String named = real.toString();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != self).anyMatch(p -> {
            String c = p.info().commandLine().orElse("");
            if (!c.contains("org.iobench.") && !c.contains("iobench.jar")) {
                return false;
            }
            return c.contains(" agent") || c.contains(named) || c.contains(dir.toString()) || worksIn(p, real);
        });
    }

    private static boolean worksIn(ProcessHandle p, Path dir) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Long.toString(p.pid()), "cwd")).startsWith(dir);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return true; // cannot tell: say nothing
        }
    }
}
