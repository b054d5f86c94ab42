package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.iobench.testing.Root;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write through a device reaches what the device sits on: a loop device over a mounted device, over a mounted
 * image, over an active swap file, over another loop device at any depth, a device-mapper table over such a loop
 * device, a partition of a disk another loop device presents. Each is refused whatever the consent
 * ({@code --allow-overwrite}, {@code IOBENCH_ALLOW_OVERWRITE=1}) with exit 2, one line naming what uses it, and not
 * a byte written: real loop devices, mounts, swap and device-mapper tables, undone in {@code @AfterEach}.
 */
class InUseUpTheStackCliTest {
    @TempDir
    Path dir;

    /** What to undo, last made first: umounts, swapoffs, detaches, dmsetup removes. */
    private final Deque<Runnable> undo = new ArrayDeque<>();

    @AfterEach
    void undoAll() {
        while (!undo.isEmpty()) {
            undo.removeFirst().run();
        }
    }

    private Path loop(Path backing, String... options) throws Exception {
        Path l = Root.losetup(backing, options);
        undo.addFirst(() -> Root.detach(l));
        return l;
    }

    private Path mounted(Path device) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt-" + device.getFileName()));
        Root.mountIdleExt4(device, mnt); // idle, it writes nothing: the digests below see any write
        undo.addFirst(() -> Root.umount(mnt));
        return mnt;
    }

    private Path ext4Loop(String name) throws Exception {
        Path image = Root.sparseFile(dir.resolve(name), 32L << 20);
        Root.mkfsExt4(image);
        return loop(image);
    }

    private static String digest(Path p) throws Exception {
        byte[] head = new byte[1 << 20];
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "r")) {
            f.readFully(head);
        }
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(head));
    }

    /** Refused with the flag, with the environment variable (dd), and nothing written to {@code under}. */
    private void assertRefusedWhateverTheConsent(Path target, Path under, String... reasonParts) throws Exception {
        String before = digest(under);
        Cli.Result flag = Cli.run(dir, "run", "--no-store", "--rw", "write", "--bs", "64k", "--size", "1m",
                "--allow-overwrite", target.toString());
        assertRefused(flag, target, reasonParts);
        Cli.Result env = StoreCliTest.iobench(dir, Map.of("IOBENCH_ALLOW_OVERWRITE", "1"), "dd", "if=/dev/zero",
                "of=" + target, "bs=64k", "count=4", "--no-store");
        assertRefused(env, target, reasonParts);
        assertThat(digest(under)).as("not a byte written under " + target).isEqualTo(before);
    }

    private static void assertRefused(Cli.Result r, Path target, String... reasonParts) {
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains(target.toString()).contains("refusing")
                .contains(reasonParts);
    }

    @Test
    void aLoopDeviceOverAMountedDeviceIsRefused() throws Exception {
        Root.assumeLoopDevices("attach a loop device over a mounted loop device");
        Path fs = ext4Loop("fs.img");
        Path mnt = mounted(fs);
        Path over = loop(fs);
        assertRefusedWhateverTheConsent(over, fs, over.getFileName() + "'s backing device " + fs.getFileName(),
                "mounted at " + mnt);
    }

    @Test
    void aLoopDeviceOverAMountedImageIsRefused() throws Exception {
        Root.assumeLoopDevices("attach a second loop device to a mounted image");
        Path image = Root.sparseFile(dir.resolve("image.img"), 32L << 20);
        Root.mkfsExt4(image);
        Path first = loop(image);
        Path mnt = mounted(first);
        Path second = loop(image);
        assertRefusedWhateverTheConsent(second, image, "its backing file " + image, "also backs the loop device "
                + first, "mounted at " + mnt);
    }

    @Test
    void aLoopDeviceOverAnActiveSwapFileIsRefused() throws Exception {
        Root.assumeLoopDevices("make a swap file on a loop-mounted ext4 and attach a loop device to it");
        Root.assumeTool("mkswap", "make swap");
        Root.assumeTool("swapon", "turn swap on");
        Path mnt = mounted(ext4Loop("fs.img"));
        Path swapFile = mnt.resolve("swapfile");
        Files.write(swapFile, new byte[16 << 20]); // allocated: swapon refuses holes
        Files.setPosixFilePermissions(swapFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Root.swapon(swapFile);
        undo.addFirst(() -> Root.swapoff(swapFile));
        Path over = loop(swapFile);
        assertRefusedWhateverTheConsent(over, swapFile, "its backing file " + swapFile, "active swap file");
    }

    @Test
    void aLoopDeviceOverADeviceAnotherProgramHoldsIsRefusedByTheKernelsVerdictOnThatDevice() throws Exception {
        Root.assumeLoopDevices("attach a loop device over a loop device held open with O_EXCL");
        Path held = loop(Root.sparseFile(dir.resolve("held.img"), 16L << 20));
        Path over = loop(held);
        try (org.iobench.sys.FileLock exclusive = org.iobench.sys.FileLock.openExclusive(held)) { // as mkfs, a VM
            assertRefusedWhateverTheConsent(over, held, "the device under it, " + held.getFileName(), "EBUSY");
        }
        Cli.Result free = Cli.run(dir, "run", "--no-store", "--rw", "write", "--bs", "64k", "--size", "1m",
                "--allow-overwrite", over.toString());
        assertThat(free.status()).as("released: " + free.err()).isZero();
    }

    @Test
    void theDeviceUnderAWrittenLoopDeviceIsClaimedForTheWholeJob() throws Exception {
        Root.assumeLoopDevices("write a loop device over another while a second iobench reads the one under it");
        Path under = loop(Root.sparseFile(dir.resolve("under.img"), 16L << 20));
        Path over = loop(under);
        Process writer = Cli.start(dir, "run", "--no-store", "--rw", "randwrite", "--bs", "4k", "--time", "60s",
                "--rate", "200", "--allow-overwrite", over.toString());
        try {
            Cli.awaitCondition(writer, "a WRITE flock on " + under, () -> org.iobench.sysmon.ProcLocks.system()
                    .on(under).stream().anyMatch(l -> l.pid() == writer.pid() && l.access().equals("WRITE")));
            Cli.Result reader = Cli.run(dir, "run", "--no-store", "--rw", "read", "--bs", "64k", "--size", "1m",
                    under.toString());
            assertThat(reader.status()).as(reader.err()).isEqualTo(2);
            assertThat(reader.err()).contains("another iobench (pid " + writer.pid() + ") is writing it");
            assertThatKernelRefusesExclusiveOpen(under);
        } finally {
            Cli.signal(writer, "TERM");
        }
        Cli.Result first = Cli.finish(writer);
        assertThat(first.status()).as(first.err()).isEqualTo(143);
        try (org.iobench.sys.FileLock free = org.iobench.sys.FileLock.openExclusive(under)) {
            assertThat(free).as("released with the job").isNotNull();
        }
    }

    /** Held O_EXCL by the job: a mount or mkfs of it would fail with EBUSY, as this open does. */
    private static void assertThatKernelRefusesExclusiveOpen(Path device) {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> org.iobench.sys.FileLock.openExclusive(device))
                .isInstanceOf(org.iobench.sys.SysException.class).hasMessageContaining("EBUSY");
    }

    @Test
    void aStackOfLoopDevicesIsWalkedToItsMountedBottom() throws Exception {
        Root.assumeLoopDevices("stack three loop devices on a mounted one");
        Path fs = ext4Loop("fs.img");
        Path mnt = mounted(fs);
        Path one = loop(fs);
        Path two = loop(one);
        Path three = loop(two);
        assertRefusedWhateverTheConsent(three, fs, one.getFileName() + "'s backing device " + fs.getFileName(),
                "mounted at " + mnt);
        Cli.Result read = Cli.run(dir, "run", "--no-store", "--rw", "read", "--bs", "64k", "--size", "1m",
                three.toString());
        assertThat(read.status()).as("reading destroys nothing: " + read.err()).isZero();
    }

    @Test
    void aPartitionOfADiskAnotherLoopDevicePresentsIsRefusedAndItsSiblingsFreeOnesAreNot() throws Exception {
        Root.assumeLoopDevices("partition a loop device and attach another loop device to the whole disk");
        Path image = Root.sparseFile(dir.resolve("disk.img"), 64L << 20);
        Root.writeMbr(image, new long[] {2048, 30720}, new long[] {32768, 98304});
        Path disk = Root.losetupPartitioned(image, 2);
        undo.addFirst(() -> Root.detach(disk));
        Path p1 = Path.of(disk + "p1");
        Cli.Result free = Cli.run(dir, "run", "--no-store", "--rw", "write", "--bs", "64k", "--size", "1m",
                "--allow-overwrite", p1.toString());
        assertThat(free.status()).as("nothing uses it yet: " + free.err()).isZero();
        Path whole = loop(disk);
        assertRefusedWhateverTheConsent(p1, p1, disk.getFileName() + " (", "the disk of " + p1.getFileName(),
                "backs the loop device " + whole);
    }

    @Test
    void aDeviceMapperTableOverALoopDeviceOverAMountedImageIsRefused() throws Exception {
        Root.assumeLoopDevices("map a device-mapper table over a loop device whose image is mounted");
        Root.assumeTool("dmsetup", "make a device-mapper table");
        Path image = Root.sparseFile(dir.resolve("image.img"), 32L << 20);
        Root.mkfsExt4(image);
        Path mountedLoop = loop(image);
        Path mnt = mounted(mountedLoop);
        Path under = loop(image);
        String name = "iobench-test-" + ProcessHandle.current().pid();
        try {
            Root.sh("dmsetup", "create", name, "--table", "0 " + (32L << 20) / 512 + " linear " + under + " 0");
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "device-mapper unavailable here: " + e.getMessage());
        }
        undo.addFirst(() -> {
            try {
                Root.sh("dmsetup", "remove", name);
            } catch (java.io.IOException e) {
                System.err.println("dmsetup remove " + name + ": " + e.getMessage());
            }
        });
        Path mapped = Path.of("/dev/mapper", name).toRealPath();
        assertRefusedWhateverTheConsent(mapped, image, under.getFileName() + "'s backing file " + image,
                "also backs the loop device " + mountedLoop, "mounted at " + mnt);
        List<String> stillMounted = Files.readAllLines(Path.of("/proc/self/mountinfo"));
        assertThat(stillMounted).anyMatch(l -> l.contains(" " + mnt + " "));
    }
}
