package org.iobench.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The programs an agent may start for a job's {@code exec} engine ({@code --allow-exec PROGRAM}): a job's program
 * is allowed when it resolves (through {@code PATH} when it names no directory, as the engine starts it; symbolic
 * links resolved) to one of them. An empty list allows none: a program runs with the agent's rights, anywhere,
 * which no {@code --allow} path can confine.
 */
public final class ProgramList {
    private final List<Path> programs;

    private ProgramList(List<Path> programs) {
        this.programs = List.copyOf(programs);
    }

    /** @throws IOException naming an {@code --allow-exec} path that is not an executable file */
    public static ProgramList of(List<Path> paths) throws IOException {
        List<Path> real = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw new IOException("--allow-exec " + p + ": not an executable file");
            }
            real.add(p.toRealPath());
        }
        return new ProgramList(real);
    }

    public List<Path> programs() {
        return programs;
    }

    /** Null when {@code program} may run, else a one-line reason naming it. */
    public String refusal(String program) {
        if (programs.isEmpty()) {
            return "program " + program + ": this agent runs no programs (the exec engine needs the agent started"
                    + " with --allow-exec PROGRAM)";
        }
        Path resolved = resolve(program);
        if (resolved != null && programs.contains(resolved)) {
            return null;
        }
        return "program " + program + (resolved != null && !resolved.toString().equals(program) ? " (" + resolved
                + ")" : "") + ": not among this agent's --allow-exec programs (" + String.join(", ",
                programs.stream().map(Path::toString).toList()) + ")";
    }

    /** The real path the program name stands for, or null when there is none. */
    static Path resolve(String program) {
        try {
            if (program.contains("/")) {
                return Path.of(program).toRealPath();
            }
            for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, program);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p.toRealPath();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }
}
