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

    /**
     * A loop device whose image holds an MBR with one Linux partition from sector 2048 to the end, attached with
     * {@code -P} so the kernel creates {@code loopNp1} (or, failing that, with {@code partx -a}).
     */
    static LoopDevice attachPartitioned(Path image, long sizeBytes) throws IOException, InterruptedException {
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(sizeBytes);
            java.nio.ByteBuffer mbr = java.nio.ByteBuffer.allocate(512).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            mbr.put(446 + 4, (byte) 0x83);            // partition type: Linux
            mbr.putInt(446 + 8, 2048);                // first LBA
            mbr.putInt(446 + 12, (int) (sizeBytes / 512 - 2048)); // sectors
            mbr.put(510, (byte) 0x55).put(511, (byte) 0xAA);
            f.seek(0);
            f.write(mbr.array());
        }
        String dev = run("losetup", "-f", "--show", "-P", image.toString()).strip();
        LoopDevice loop = new LoopDevice(image, Path.of(dev));
        if (!Files.exists(Path.of("/sys/class/block", loop.device.getFileName() + "p1"))) {
            // kernels built without CONFIG_MSDOS_PARTITION (this VM's) find no partitions: add them from user space
            try {
                run("partx", "-a", dev);
            } catch (IOException e) {
                loop.close();
                throw e;
            }
        }
        return loop;
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
