package org.iobench.advise;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iobench.testing.Root;

/**
 * An ext4 filesystem on its own loop device, mounted in a temp dir: its own device, on the machine's disk. Needs
 * CAP_SYS_ADMIN; tests call {@link #unavailableBecause()} and skip with its reason.
 */
final class LoopFilesystem implements AutoCloseable {
    final Path image;
    final Path mount;
    final Path device;

    private LoopFilesystem(Path image, Path mount, Path device) {
        this.image = image;
        this.mount = mount;
        this.device = device;
    }

    /**
     * Why a loop-mounted filesystem cannot be made here, or null when it can: mounting needs CAP_SYS_ADMIN (not
     * uid 0 as such), and the tools must be installed.
     */
    static String unavailableBecause() {
        if (!Root.hasSysAdmin()) {
            return "needs CAP_SYS_ADMIN to attach a loop device and mount ext4 on it";
        }
        for (String tool : List.of("mkfs.ext4", "losetup", "mount", "umount")) {
            if (!onPath(tool)) {
                return "needs " + tool + " on the PATH";
            }
        }
        return null;
    }

    private static boolean onPath(String tool) {
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(":"))
                .anyMatch(d -> !d.isEmpty() && Files.isExecutable(Path.of(d, tool)));
    }

    static LoopFilesystem create(Path dir, long bytes) throws IOException {
        Path image = dir.resolve("fs.img");
        try (RandomAccessFile raf = new RandomAccessFile(image.toFile(), "rw")) {
            raf.setLength(bytes);
        }
        sh("mkfs.ext4", "-q", "-F", image.toString());
        // with direct I/O on, --direct jobs on the filesystem reach the disk; where the backing filesystem cannot
        // (tmpfs), the loop device keeps it off and the loop-direct-io-off finding is true there
        Path device;
        try {
            device = Path.of(sh("losetup", "--direct-io=on", "-f", "--show", image.toString()).trim());
        } catch (IOException refused) {
            device = Path.of(sh("losetup", "-f", "--show", image.toString()).trim());
        }
        Path mount = Files.createDirectories(dir.resolve("mnt"));
        try {
            sh("mount", device.toString(), mount.toString());
        } catch (IOException e) {
            sh("losetup", "-d", device.toString());
            throw e;
        }
        return new LoopFilesystem(image, mount, device);
    }

    static String sh(String... cmd) throws IOException {
        Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", cmd) + ": " + out.trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return out;
    }

    /** Whether the loop device reads and writes the image with direct I/O ({@code loop/dio} = 1). */
    boolean directIo() {
        return org.iobench.sysmon.LoopDirectIo.system().of(device.toString())
                .map(org.iobench.sysmon.LoopDirectIo.State::directIo).orElse(false);
    }

    /** A process that just ended may still hold the mount for a moment: a few tries, then a lazy unmount. */
    private void unmount() throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                sh("umount", mount.toString());
                return;
            } catch (IOException busy) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        sh("umount", "-l", mount.toString());
    }

    @Override
    public void close() throws IOException {
        try {
            unmount();
        } finally {
            sh("losetup", "-d", device.toString());
        }
    }
}
