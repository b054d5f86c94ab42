package org.iobench.sysmon;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A loop device over a sparse image file, attached with {@code losetup -f --show}; close() detaches it. Root only. */
final class LoopDevice implements AutoCloseable {

    final Path image;
    final Path device;

    private LoopDevice(Path image, Path device) {
        this.image = image;
        this.device = device;
    }

    /** @return a printable reason when loop tests cannot run here, or null when they can */
    static String whyUnavailable() {
        try {
            int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (uid != 0) {
                return "not root (uid " + uid + "), loop devices need root";
            }
        } catch (IOException | RuntimeException e) {
            return "cannot tell the uid: " + e;
        }
        if (!Files.isExecutable(Path.of("/usr/sbin/losetup")) && !Files.isExecutable(Path.of("/sbin/losetup"))) {
            return "no losetup";
        }
        return null;
    }

    static LoopDevice attach(Path image, long sizeBytes) throws IOException, InterruptedException {
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(sizeBytes);
        }
        String dev = run("losetup", "-f", "--show", image.toString()).strip();
        return new LoopDevice(image, Path.of(dev));
    }

    static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("losetup", "-d", device.toString());
    }
}
