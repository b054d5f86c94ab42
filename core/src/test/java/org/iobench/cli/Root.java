package org.iobench.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Root-only fixtures (tmpfs mounts, loop devices); tests skip with a printed reason elsewhere. */
final class Root {
    private Root() {}

    static boolean isRoot() {
        try {
            return "0".equals(sh("id", "-u").trim());
        } catch (IOException e) {
            return false;
        }
    }

    static void assumeRoot(String why) {
        boolean root = isRoot();
        if (!root) {
            System.out.println("SKIPPED (not root): " + why);
        }
        assumeTrue(root, "needs root: " + why);
    }

    static String sh(String... cmd) throws IOException {
        Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IOException(String.join(" ", cmd) + " failed (" + rc + "): " + out.trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return out;
    }

    /** Mounts a tmpfs of {@code size} on {@code dir}. */
    static void mountTmpfs(Path dir, String size) throws IOException {
        Files.createDirectories(dir);
        sh("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
    }

    static void umount(Path dir) {
        try {
            sh("umount", "-l", dir.toString());
        } catch (IOException e) {
            System.err.println("umount " + dir + ": " + e.getMessage());
        }
    }

    /** Attaches {@code image} to a free loop device and returns its path. */
    static Path losetup(Path image) throws IOException {
        return Path.of(sh("losetup", "-f", "--show", image.toString()).trim());
    }

    static void detach(Path loop) {
        try {
            sh("losetup", "-d", loop.toString());
        } catch (IOException e) {
            System.err.println("losetup -d " + loop + ": " + e.getMessage());
        }
    }
}
