package org.iobench.advise;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An ext4 filesystem on its own loop device, mounted in a temp dir: its device counters see only the test's I/O,
 * so advisor evidence is not blurred by whatever else the machine does. Root only.
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

    static boolean canCreate() {
        try {
            return "0".equals(sh("id", "-u").trim());
        } catch (IOException e) {
            return false;
        }
    }

    static LoopFilesystem create(Path dir, long bytes) throws IOException {
        Path image = dir.resolve("fs.img");
        try (RandomAccessFile raf = new RandomAccessFile(image.toFile(), "rw")) {
            raf.setLength(bytes);
        }
        sh("mkfs.ext4", "-q", "-F", image.toString());
        Path device = Path.of(sh("losetup", "-f", "--show", image.toString()).trim());
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

    @Override
    public void close() throws IOException {
        try {
            sh("umount", mount.toString());
        } finally {
            sh("losetup", "-d", device.toString());
        }
    }
}
