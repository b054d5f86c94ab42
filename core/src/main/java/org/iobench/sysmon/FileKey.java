package org.iobench.sysmon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * A file's identity as {@code stat(2)} gives it (symbolic links followed): the device its filesystem is on and
 * its inode, plus, for a device node, the device it stands for. Paths are compared through this, never as strings,
 * so hard links, symbolic links, bind mounts and renames cannot hide a match.
 *
 * @param dev   {@code st_dev}: where the file lives
 * @param inode {@code st_ino}
 * @param rdev  {@code st_rdev}: the device a block or character device node stands for; null for other files
 */
record FileKey(DevNumber dev, long inode, DevNumber rdev) {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    /** The key of the file {@code path} names; empty when it cannot be read (missing, permission denied...). */
    static Optional<FileKey> of(Path path) {
        try {
            Map<String, Object> a = Files.readAttributes(path, "unix:dev,ino,rdev,mode");
            int mode = (Integer) a.get("mode");
            DevNumber rdev = (mode & S_IFMT) == S_IFBLK ? DevNumber.fromDevT((Long) a.get("rdev")) : null;
            return Optional.of(new FileKey(DevNumber.fromDevT((Long) a.get("dev")), (Long) a.get("ino"), rdev));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    boolean sameFile(FileKey other) {
        return dev.equals(other.dev) && inode == other.inode;
    }
}
