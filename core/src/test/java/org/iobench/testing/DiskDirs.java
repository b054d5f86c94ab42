package org.iobench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Stream;
import org.iobench.sys.Errno;
import org.iobench.sys.FileHandle;
import org.iobench.sys.NativeBuffer;
import org.iobench.sys.NativeIo;
import org.iobench.sys.OpenFlags;
import org.iobench.sys.SysException;

/**
 * Directories for tests that need what a tmpfs {@code java.io.tmpdir} lacks (many distributions mount /tmp as
 * tmpfs): O_DIRECT that enforces the logical block size, and a page cache that can be dropped. The test's own temp
 * directory is used when its filesystem has the property, else a fresh directory under the module's build
 * directory ({@code target/}, removed at exit), else the test skips and says why.
 */
public final class DiskDirs {
    private static final Set<String> MEMORY_FILESYSTEMS = Set.of("tmpfs", "ramfs");

    private DiskDirs() {}

    /** A directory where a misaligned O_DIRECT request fails with EINVAL, as on a real block device. */
    public static Path enforcingDirectIo(Path tempDir) throws IOException {
        return pick(tempDir, "enforces O_DIRECT alignment (tmpfs accepts misaligned O_DIRECT requests)",
                DiskDirs::enforcesDirectIo);
    }

    /** A directory whose files' cached pages can be evicted (their data lives on a device, not in memory). */
    public static Path withDroppableCache(Path tempDir) throws IOException {
        return pick(tempDir, "has a page cache that can be dropped (tmpfs pages are the data itself)",
                d -> !MEMORY_FILESYSTEMS.contains(fsType(d)));
    }

    private interface Property {
        boolean holds(Path dir) throws IOException;
    }

    private static Path pick(Path tempDir, String what, Property property) throws IOException {
        if (property.holds(tempDir)) {
            return tempDir;
        }
        Path build = Path.of(System.getProperty("basedir", "."), "target").toAbsolutePath();
        if (Files.isDirectory(build)) {
            Path dir = Files.createTempDirectory(build, "test-disk-");
            removeAtExit(dir);
            if (property.holds(dir)) {
                return dir;
            }
        }
        assumeTrue(false, () -> "needs a directory that " + what + "; neither java.io.tmpdir (" + fsType(tempDir)
                + ") nor " + build + " (" + fsType(build) + ") has one");
        throw new AssertionError("unreachable");
    }

    private static String fsType(Path dir) {
        try {
            FileStore store = Files.getFileStore(dir);
            return store.type();
        } catch (IOException e) {
            return "unknown: " + e.getMessage();
        }
    }

    private static boolean enforcesDirectIo(Path dir) throws IOException {
        Path probe = Files.createTempFile(dir, ".direct-probe-", ".tmp");
        try {
            Files.write(probe, new byte[16384]);
            FileHandle fd;
            try {
                fd = FileHandle.open(probe, OpenFlags.O_RDONLY | OpenFlags.O_DIRECT, 0);
            } catch (SysException e) {
                return false; // O_DIRECT refused altogether
            }
            try (fd; NativeBuffer buffer = NativeBuffer.allocate(8192, 4096)) {
                long rc = new NativeIo().pread(fd.fd(), buffer, 0, 4096, 1);
                return rc == -Errno.EINVAL;
            }
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    private static void removeAtExit(Path dir) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (IOException | UncheckedIOException e) {
                System.err.println("could not remove " + dir + ": " + e.getMessage());
            }
        }));
    }
}
