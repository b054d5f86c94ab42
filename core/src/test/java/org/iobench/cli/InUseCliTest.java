package org.iobench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.iobench.sys.FileLock;
import org.iobench.testing.Root;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Devices and files the kernel uses are refused for writing whatever the flags, with exit 2, a one-line reason
 * naming the user, and not a byte written: real loop devices, real mounts, real swap. Reading them stays allowed.
 */
class InUseCliTest {

    @TempDir
    Path dir;

    private Cli.Result write(String... targetAndMore) throws Exception {
        String[] args = new String[7 + targetAndMore.length];
        System.arraycopy(new String[] {"run", "--no-store", "--rw", "write", "--bs", "64k", "--allow-overwrite"}, 0,
                args, 0, 7);
        System.arraycopy(targetAndMore, 0, args, 7, targetAndMore.length);
        return Cli.run(dir, args);
    }

    private static void assertRefused(Cli.Result r, String... reasonParts) {
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").contains("refusing").contains(reasonParts);
    }

    /** SHA-256 of the first {@code bytes} of a file or device. */
    private static String digest(Path p, int bytes) throws Exception {
        byte[] head = new byte[bytes];
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "r")) {
            f.readFully(head);
        }
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(head));
    }

    @Test
    void aPartitionBackingAMountedLoopDeviceIsRefusedAndSoIsItsWholeDisk() throws Exception {
        Root.assumeLoopDevices("partition a loop device, stack a loop device on a partition and mount it");
        Path image = Root.sparseFile(dir.resolve("disk.img"), 64L << 20);
        Root.writeMbr(image, new long[] {2048, 30720}, new long[] {32768, 98304});
        Path disk = Root.losetupPartitioned(image, 2);
        Path p1 = Path.of(disk + "p1");
        Path p2 = Path.of(disk + "p2");
        Path stacked = null;
        Path mnt = dir.resolve("mnt");
        try {
            stacked = Root.losetup(p2);
            Root.mkfsExt4(stacked);
            Root.mount(stacked, mnt);
            String before = digest(p2, 1 << 20);
            String holder = stacked.getFileName().toString();

            assertRefused(write("--size", "1m", p2.toString()), holder, "a loop device backed by "
                    + p2.getFileName(), "mounted at " + mnt);
            assertRefused(write("--size", "1m", disk.toString()), holder, "mounted at " + mnt);
            assertRefused(Cli.run(dir, "dd", "if=/dev/zero", "of=" + p2, "bs=64k", "count=1", "--allow-overwrite",
                    "--no-store"), holder);
            assertRefused(Cli.run(dir, "saturate", "--rw", "randwrite", "--bs", "4k", "--step-time", "100ms",
                    "--allow-overwrite", "--no-store", p2.toString()), holder);
            Path newFile = dir.resolve("first-job.dat");
            Path jobs = Files.writeString(dir.resolve("two.fio"), String.join("\n", "[global]", "bs=64k", "size=1m",
                    "", "[fresh]", "rw=write", "filename=" + newFile, "", "[busy]", "stonewall", "rw=write",
                    "filename=" + p2, ""));
            assertRefused(Cli.run(dir, "run", "--no-store", "--allow-overwrite", jobs.toString()), holder);
            assertThat(newFile).as("refused before the first job ran").doesNotExist();
            assertThat(digest(p2, 1 << 20)).as("not a byte written").isEqualTo(before);

            Cli.Result read = Cli.run(dir, "run", "--no-store", "--rw", "read", "--bs", "64k", "--size", "1m",
                    p2.toString());
            assertThat(read.status()).as("reading destroys nothing: " + read.err()).isZero();
            Cli.Result verify = Cli.run(dir, "verify", p2.toString(), "--run", "0123456789abcdef", "--bs", "4k",
                    "--size", "64k");
            assertThat(verify.err()).as("verify only reads").doesNotContain("refusing").contains("no block of run");
            Cli.Result sibling = write("--size", "1m", p1.toString());
            assertThat(sibling.status()).as("the other partition is free: " + sibling.err()).isZero();
        } finally {
            Root.umount(mnt);
            if (stacked != null) {
                Root.detach(stacked);
            }
            Root.detach(disk);
        }
    }

    @Test
    void aDeviceAnotherProgramHoldsExclusivelyIsRefusedByTheKernelsOwnCheck() throws Exception {
        Root.assumeLoopDevices("attach a loop device and hold it open with O_EXCL");
        Path loop = Root.losetup(Root.sparseFile(dir.resolve("held.img"), 16L << 20));
        try {
            try (FileLock held = FileLock.openExclusive(loop)) { // as mkfs or a VM would
                assertRefused(write("--size", "1m", loop.toString()), "EBUSY", "exclusive open");
            }
            Cli.Result free = write("--size", "1m", loop.toString());
            assertThat(free.status()).as("released: " + free.err()).isZero();
        } finally {
            Root.detach(loop);
        }
    }

    @Test
    void aFileBackingALoopDeviceIsRefusedUnderEveryNameItHas() throws Exception {
        Root.assumeLoopDevices("attach a loop device to a file and mount it");
        Path image = Root.sparseFile(dir.resolve("fs.img"), 32L << 20);
        Root.mkfsExt4(image);
        Path hardLink = Files.createLink(dir.resolve("other-name.img"), image);
        Path symlink = Files.createSymbolicLink(dir.resolve("link.img"), image);
        Path loop = Root.losetup(image);
        Path mnt = dir.resolve("mnt");
        try {
            String loopName = loop.toString();
            assertRefused(write("--size", "1m", image.toString()), "backs the loop device " + loopName);
            Root.mount(loop, mnt);
            String before = digest(image, 4 << 20);
            for (Path name : new Path[] {image, hardLink, symlink}) {
                assertRefused(write("--size", "1m", name.toString()), "backs the loop device " + loopName,
                        "mounted at " + mnt);
            }
            assertRefused(Cli.run(dir, "dd", "if=/dev/zero", "of=" + hardLink, "bs=4k", "count=1", "conv=notrunc",
                    "--allow-overwrite", "--no-store"), loopName);
            assertThat(digest(image, 4 << 20)).as("not a byte written").isEqualTo(before);
            Cli.Result read = Cli.run(dir, "run", "--no-store", "--rw", "read", "--bs", "64k", "--size", "1m",
                    hardLink.toString());
            assertThat(read.status()).as(read.err()).isZero();
        } finally {
            Root.umount(mnt);
            Root.detach(loop);
        }
    }

    @Test
    void activeSwapIsRefusedAsADeviceAsItsBackingFileAndAsASwapFile() throws Exception {
        Root.assumeLoopDevices("make swap on a loop device and a swap file on a loop-mounted ext4");
        Root.assumeTool("mkswap", "make swap");
        Root.assumeTool("swapon", "turn swap on");
        Path swapImage = Root.sparseFile(dir.resolve("swap.img"), 16L << 20);
        Path swapLoop = Root.losetup(swapImage);
        Path fsImage = Root.sparseFile(dir.resolve("fs.img"), 48L << 20);
        Root.mkfsExt4(fsImage);
        Path fsLoop = Root.losetup(fsImage);
        Path mnt = dir.resolve("mnt");
        Path swapFile = mnt.resolve("swapfile");
        boolean deviceOn = false;
        boolean fileOn = false;
        try {
            Root.swapon(swapLoop);
            deviceOn = true;
            assertRefused(write("--size", "1m", swapLoop.toString()), "in use as swap");
            assertRefused(write("--size", "1m", swapImage.toString()), "backs the loop device " + swapLoop,
                    "in use as swap");

            Root.mount(fsLoop, mnt);
            Files.write(swapFile, new byte[16 << 20]); // allocated, not sparse: swapon refuses holes
            Files.setPosixFilePermissions(swapFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            Root.swapon(swapFile);
            fileOn = true;
            String before = digest(swapFile, 1 << 20);
            assertRefused(write("--size", "1m", swapFile.toString()), "is an active swap file");
            Path hardLink = Files.createLink(mnt.resolve("same-inode"), swapFile);
            assertRefused(Cli.run(dir, "run", "--no-store", "--rw", "randwrite", "--bs", "4k", "--size", "64k",
                    "--allow-overwrite", "--direct", hardLink.toString()), "is an active swap file");
            assertThat(digest(swapFile, 1 << 20)).isEqualTo(before);
        } finally {
            if (fileOn) {
                Root.swapoff(swapFile);
            }
            if (deviceOn) {
                Root.swapoff(swapLoop);
            }
            Root.umount(mnt);
            Root.detach(fsLoop);
            Root.detach(swapLoop);
        }
    }
}
