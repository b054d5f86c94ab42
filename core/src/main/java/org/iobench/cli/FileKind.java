package org.iobench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a path is, in words for messages ("a block device"), from its mode bits (links followed). */
final class FileKind {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private FileKind() {}

    /** "a directory", "a block device", "a character device", "a FIFO", "a socket"; null for a regular file. */
    static String special(Path p) {
        if (Files.isRegularFile(p)) {
            return null;
        }
        if (Files.isDirectory(p)) {
            return "a directory";
        }
        return switch (mode(p) & S_IFMT) {
            case S_IFBLK -> "a block device";
            case 0020000 -> "a character device";
            case 0010000 -> "a FIFO";
            case 0140000 -> "a socket";
            default -> "not a regular file";
        };
    }

    static boolean blockDevice(Path p) {
        return (mode(p) & S_IFMT) == S_IFBLK;
    }

    private static int mode(Path p) {
        try {
            return (Integer) Files.getAttribute(p, "unix:mode");
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
