package org.iobench.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Privileged fixtures (loop devices, mounts, swap, fsfreeze, drop_caches) for tests of every package, and the one
 * place that decides whether they can run: the process must hold {@code CAP_SYS_ADMIN} in its effective set
 * ({@code CapEff} of {@code /proc/self/status}), whatever its uid. Elsewhere a test skips through a JUnit
 * assumption that says what it needed and why.
 */
public final class Root {
    private static final int CAP_DAC_OVERRIDE = 1;
    private static final int CAP_SYS_ADMIN = 21;
    private static final long COMMAND_TIMEOUT_SECONDS = 60;

    private Root() {}

    /** True when this process holds CAP_SYS_ADMIN (root in the initial namespace normally does). */
    public static boolean hasSysAdmin() {
        return capEff().map(caps -> (caps >>> CAP_SYS_ADMIN & 1) == 1).orElse(false);
    }

    /** True when file modes do not stop this process (CAP_DAC_OVERRIDE): a chmod 000 file is still readable. */
    public static boolean overridesFileModes() {
        return capEff().map(caps -> (caps >>> CAP_DAC_OVERRIDE & 1) == 1).orElse(false);
    }

    /** The effective capability set, from {@code /proc/self/status}; empty where it cannot be read. */
    static Optional<Long> capEff() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) {
                    return Optional.of(Long.parseUnsignedLong(line.substring(7).strip(), 16));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Skips the test unless this process holds CAP_SYS_ADMIN; {@code why} says what the test does with it. */
    public static void assumeSysAdmin(String why) {
        assumeTrue(hasSysAdmin(), () -> "needs CAP_SYS_ADMIN (CapEff in /proc/self/status) to " + why);
    }

    /** Skips unless CAP_SYS_ADMIN is held and the loop driver and {@code losetup} are there. */
    public static void assumeLoopDevices(String why) {
        assumeSysAdmin(why);
        assumeTrue(Files.exists(Path.of("/dev/loop-control")), () -> "no /dev/loop-control (loop driver) to " + why);
        assumeTool("losetup", why);
    }

    /** Skips unless {@code tool} is on the PATH. */
    public static void assumeTool(String tool, String why) {
        boolean found = false;
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            found |= Files.isExecutable(Path.of(dir, tool));
        }
        for (String dir : List.of("/usr/sbin", "/sbin")) {
            found |= Files.isExecutable(Path.of(dir, tool));
        }
        boolean present = found;
        assumeTrue(present, () -> tool + " is not installed, needed to " + why);
    }

    /** Runs {@code cmd}, waits (bounded), and returns its output; a non-zero exit is an IOException with it. */
    public static String sh(String... cmd) throws IOException {
        Process p = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish in " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out.trim());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** A sparse file of {@code bytes}. */
    public static Path sparseFile(Path file, long bytes) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(bytes);
        }
        return file;
    }

    /** Mounts a tmpfs of {@code size} ({@code "16m"}) on {@code dir}, creating it. */
    public static void mountTmpfs(Path dir, String size) throws IOException {
        Files.createDirectories(dir);
        sh("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
    }

    /** Mounts {@code device} on {@code dir}, creating it. */
    public static void mount(Path device, Path dir) throws IOException {
        Files.createDirectories(dir);
        sh("mount", device.toString(), dir.toString());
    }

    /**
     * Mounts the ext4 filesystem on {@code device} at {@code dir} so that, idle, it changes none of its bytes: without
     * ext4's prefetch of block bitmaps, which initialises uninitialised groups' bitmaps in the device's cache a few
     * seconds after the mount (33 bytes of a 32 MiB filesystem's first MiB, seen here), so a test can tell that
     * nothing else wrote to it.
     */
    public static void mountIdleExt4(Path device, Path dir) throws IOException {
        Files.createDirectories(dir);
        sh("mount", "-o", "no_prefetch_block_bitmaps", device.toString(), dir.toString());
    }

    /** Unmounts {@code dir}; a failure is printed, not thrown (for finally blocks). */
    public static void umount(Path dir) {
        try {
            sh("umount", dir.toString());
        } catch (IOException e) {
            System.err.println("umount " + dir + ": " + e.getMessage() + "; retrying lazily");
            try {
                sh("umount", "-l", dir.toString());
            } catch (IOException again) {
                System.err.println("umount -l " + dir + ": " + again.getMessage());
            }
        }
    }

    /** Attaches {@code backing} (a file or a block device) to a free loop device and returns its path. */
    public static Path losetup(Path backing, String... options) throws IOException {
        String[] cmd = new String[options.length + 4];
        cmd[0] = "losetup";
        cmd[1] = "-f";
        cmd[2] = "--show";
        System.arraycopy(options, 0, cmd, 3, options.length);
        cmd[cmd.length - 1] = backing.toString();
        return Path.of(sh(cmd).trim());
    }

    /** Detaches {@code loop}; a failure is printed, not thrown (for finally blocks). */
    public static void detach(Path loop) {
        try {
            sh("losetup", "-d", loop.toString());
        } catch (IOException e) {
            System.err.println("losetup -d " + loop + ": " + e.getMessage());
        }
    }

    /** Makes an ext4 filesystem on {@code deviceOrImage}. */
    public static void mkfsExt4(Path deviceOrImage) throws IOException {
        // inode tables and journal written now, not by the kernel's ext4lazyinit thread after the mount: a mounted
        // test filesystem then writes nothing by itself, so a test can tell its bytes unchanged (and no background
        // writer competes with the test's own I/O)
        sh("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", deviceOrImage.toString());
    }

    /** Turns {@code deviceOrFile} into active swap (mkswap, swapon; the kernel gives it the lowest priority). */
    public static void swapon(Path deviceOrFile) throws IOException {
        sh("mkswap", "-q", deviceOrFile.toString());
        sh("swapon", deviceOrFile.toString());
    }

    /**
     * Writes an MBR into {@code image} (a file of at least the partitions' end) with one Linux partition per
     * {@code [firstSector, sectors]} pair (512-byte sectors, at most 4).
     */
    public static void writeMbr(Path image, long[]... partitions) throws IOException {
        java.nio.ByteBuffer mbr = java.nio.ByteBuffer.allocate(512).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < partitions.length; i++) {
            int entry = 446 + 16 * i;
            mbr.put(entry + 4, (byte) 0x83); // partition type: Linux
            mbr.putInt(entry + 8, (int) partitions[i][0]);
            mbr.putInt(entry + 12, (int) partitions[i][1]);
        }
        mbr.put(510, (byte) 0x55).put(511, (byte) 0xAA);
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.seek(0);
            f.write(mbr.array());
        }
    }

    /**
     * Attaches {@code image} (with a partition table) with {@code -P}, so the kernel makes {@code loopNp1...}; on
     * kernels without MBR support the partitions are added from user space with {@code partx -a}.
     */
    public static Path losetupPartitioned(Path image, int partitions) throws IOException {
        Path loop = losetup(image, "-P");
        if (!Files.exists(Path.of("/sys/class/block", loop.getFileName() + "p" + partitions))) {
            try {
                sh("partx", "-a", loop.toString());
            } catch (IOException e) {
                detach(loop);
                throw e;
            }
        }
        return loop;
    }

    /** Turns swap off; a failure is printed, not thrown (for finally blocks). */
    public static void swapoff(Path deviceOrFile) {
        try {
            sh("swapoff", deviceOrFile.toString());
        } catch (IOException e) {
            System.err.println("swapoff " + deviceOrFile + ": " + e.getMessage());
        }
    }
}
