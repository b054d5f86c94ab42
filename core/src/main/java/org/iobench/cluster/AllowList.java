package org.iobench.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths an agent may touch ({@code --allow}): a target is allowed when its real path (symbolic links of the
 * part that exists resolved, {@code ..} removed) is one of them or lies below one. An empty list allows nothing.
 */
public final class AllowList {
    private final List<Path> roots;

    private AllowList(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    /** @throws IOException naming an {@code --allow} path that does not exist */
    public static AllowList of(List<Path> paths) throws IOException {
        List<Path> roots = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                throw new IOException("--allow " + p + ": no such file or directory");
            }
            roots.add(p.toRealPath());
        }
        return new AllowList(roots);
    }

    public List<Path> roots() {
        return roots;
    }

    /** Null when {@code target} is allowed, else a one-line reason naming {@code option} and the target. */
    public String refusal(String option, Path target) {
        if (roots.isEmpty()) {
            return option + " " + target + ": this agent allows no target (start it with --allow PATH)";
        }
        Path real;
        try {
            real = realPath(target);
        } catch (IOException e) {
            return option + " " + target + ": cannot resolve the path: " + e.getMessage();
        }
        for (Path root : roots) {
            if (real.startsWith(root)) {
                return null;
            }
        }
        return option + " " + target + (real.equals(target.toAbsolutePath().normalize()) ? "" : " (" + real + ")")
                + ": outside this agent's --allow paths (" + String.join(", ", roots.stream().map(Path::toString)
                .toList()) + ")";
    }

    /** The real path of the longest existing prefix, with the rest appended: new files resolve through links too. */
    static Path realPath(Path target) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        Path rest = existing.relativize(abs);
        Path real = existing.toRealPath();
        return rest.toString().isEmpty() ? real : real.resolve(rest).normalize();
    }
}
