package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MountCheckTest {

    @TempDir
    Path tmp;
    BlockDevices devices;
    Path noSwaps;

    @BeforeEach
    void tree() throws IOException {
        Path sys = Files.createDirectory(tmp.resolve("sys"));
        FakeSysfs fake = new FakeSysfs(sys);
        fake.disk("sda", "8:0", 1000, 512, 512, 0, "[none]");
        fake.partition("sda", "sda1", "8:1", 400);
        Path sda2 = fake.partition("sda", "sda2", "8:2", 400);
        fake.holder(sda2, "dm-0");
        fake.disk("dm-0", "253:0", 400, 512, 512, 0, null);
        fake.disk("sdb", "8:16", 1000, 512, 512, 0, "[none]");
        fake.disk("sdc", "8:32", 1000, 512, 512, 0, "[none]");
        devices = new BlockDevices(sys);
        noSwaps = Files.writeString(tmp.resolve("swaps"), "Filename\tType\tSize\tUsed\tPriority\n");
    }

    private MountCheck check(String mountinfo, Path swaps) {
        return new MountCheck(MountTable.parse(mountinfo), devices, swaps);
    }

    @Test
    void anUnusedDiskIsNotBusy() {
        assertThat(check("1 0 8:1 / / rw - ext4 /dev/sda1 rw\n", noSwaps).whyBusy(dev("sdb"))).isEmpty();
    }

    @Test
    void aDiskWhosePartitionIsMountedIsBusyAndTheReasonSaysWhere() {
        String why = check("1 0 8:1 / / rw - ext4 /dev/sda1 rw\n", noSwaps).whyBusy(dev("sda")).orElseThrow();
        assertThat(why).isEqualTo("sda1 (8:1), a partition of sda, is mounted at / (ext4)");
    }

    @Test
    void aDiskIsBusyWhenSomethingStackedOnItsPartitionIsMounted() {
        String why = check("5 1 253:0 / /srv rw - ext4 /dev/mapper/vg-lv rw\n", noSwaps)
                .whyBusy(dev("sda")).orElseThrow();
        assertThat(why).contains("dm-0", "/srv");
    }

    @Test
    void aBtrfsMountWithAnAnonymousDeviceNumberIsFoundByItsSource() {
        String why = check("7 1 0:51 / /data rw - btrfs /dev/sdc rw\n", noSwaps).whyBusy(dev("sdc")).orElseThrow();
        assertThat(why).contains("sdc", "/data", "btrfs");
    }

    @Test
    void aSwapPartitionIsBusy() throws IOException {
        Path swaps = Files.writeString(tmp.resolve("swaps2"), """
                Filename				Type		Size		Used		Priority
                /dev/sdb                                partition	1048572		0		-2
                /swapfile                               file		1048572		0		-3
                """);
        assertThat(check("", swaps).whyBusy(dev("sdb"))).hasValueSatisfying(s -> assertThat(s).contains("swap"));
        assertThat(check("", swaps).whyBusy(dev("sdc"))).isEmpty();
    }

    @Test
    void aDiskIsBusyWhileADeviceMapperTableUsesItsPartitionEvenUnmounted() {
        String why = check("", noSwaps).whyBusy(dev("sda")).orElseThrow();
        assertThat(why).isEqualTo("dm-0 (253:0), stacked on sda2, uses it (remove that mapping or array first)");
        assertThat(check("", noSwaps).whyBusy(dev("sda1"))).as("the other partition is free").isEmpty();
    }

    @Test
    void aDeviceBackingAMountedLoopDeviceIsBusyAndTheReasonNamesTheLoopAndWhereItIsMounted() {
        new FakeSysfs(tmp.resolve("sys")).loop("loop5", "7:5", 1000, "/dev/sdb");
        devices = new BlockDevices(tmp.resolve("sys"));
        String why = check("9 1 7:5 / /mnt/img rw - ext4 /dev/loop5 rw\n", noSwaps).whyBusy(dev("sdb"))
                .orElseThrow();
        assertThat(why).isEqualTo("loop5 (7:5), a loop device backed by sdb, is mounted at /mnt/img (ext4)");
    }

    @Test
    void aDeviceBackingALoopDeviceIsBusyEvenWhenNothingMountsTheLoop() {
        new FakeSysfs(tmp.resolve("sys")).loop("loop5", "7:5", 1000, "/dev/sdb");
        devices = new BlockDevices(tmp.resolve("sys"));
        assertThat(check("", noSwaps).whyBusy(dev("sdb"))).contains(
                "loop5 (7:5), a loop device backed by sdb, is attached to it (losetup -d /dev/loop5 first)");
    }

    @Test
    void aLoopDeviceOverAMountedDeviceIsBusy() {
        new FakeSysfs(tmp.resolve("sys")).loop("loop6", "7:6", 1000, "/dev/sdb");
        devices = new BlockDevices(tmp.resolve("sys"));
        assertThat(check("4 1 8:16 / /x rw - ext4 /dev/sdb rw\n", noSwaps).whyBusy(dev("loop6")))
                .contains("loop6's backing device sdb (8:16) is mounted at /x (ext4)");
        assertThat(check("", noSwaps).whyBusy(dev("loop6"))).as("nothing else uses sdb").isEmpty();
    }

    @Test
    void theDevicesUnderAStackOfLoopDevicesAreListedNearestFirst() {
        FakeSysfs fake = new FakeSysfs(tmp.resolve("sys"));
        fake.loop("loop6", "7:6", 400, "/dev/sda1");
        fake.loop("loop7", "7:7", 400, "/dev/loop6");
        devices = new BlockDevices(tmp.resolve("sys"));
        assertThat(check("", noSwaps).backingDevices(dev("loop7"))).extracting(BlockDevice::name)
                .containsExactly("loop6", "sda1");
        assertThat(check("", noSwaps).backingDevices(dev("sdb"))).isEmpty();
    }

    @Test
    void aLoopDeviceOverAPartitionOfAMountedDiskIsBusyTwoStepsUp() {
        new FakeSysfs(tmp.resolve("sys")).loop("loop6", "7:6", 400, "/dev/sda1");
        devices = new BlockDevices(tmp.resolve("sys"));
        assertThat(check("3 1 8:0 / /whole rw - ext4 /dev/sda rw\n", noSwaps).whyBusy(dev("loop6")))
                .contains("sda (8:0), the disk of sda1, is mounted at /whole (ext4)");
    }

    @Test
    void aLoopDeviceOverADeviceAnotherLoopDeviceUsesIsBusy() {
        FakeSysfs fake = new FakeSysfs(tmp.resolve("sys"));
        fake.loop("loop6", "7:6", 1000, "/dev/sdc");
        fake.loop("loop7", "7:7", 1000, "/dev/sdc");
        devices = new BlockDevices(tmp.resolve("sys"));
        assertThat(check("", noSwaps).whyBusy(dev("loop6"))).contains("loop6's backing device sdc (8:32) is in use:"
                + " loop7 (7:7), a loop device backed by sdc, is attached to it (losetup -d /dev/loop7 first)");
    }

    @Test
    void aDeviceMapperTableIsBusyWhenTheDiskUnderItsSlaveIsMounted() {
        new FakeSysfs(tmp.resolve("sys")).write(tmp.resolve("sys/devices/virtual/block/dm-0/slaves/sda2"), "");
        assertThat(devices.slavesOf(dev("dm-0"))).containsExactly("sda2");
        assertThat(check("3 1 8:0 / /whole rw - ext4 /dev/sda rw\n", noSwaps).whyBusy(dev("dm-0")))
                .contains("sda (8:0), the disk of sda2, is mounted at /whole (ext4)");
        assertThat(check("", noSwaps).whyBusy(dev("dm-0"))).isEmpty();
    }

    @Test
    void aSecondLoopDeviceOnAMountedImageIsBusy() throws IOException {
        Path image = Files.write(tmp.resolve("fs.img"), new byte[4096]);
        Path link = Files.createSymbolicLink(tmp.resolve("other-name.img"), image);
        FakeSysfs fake = new FakeSysfs(tmp.resolve("sys"));
        fake.loop("loop6", "7:6", 8, image.toString());
        fake.loop("loop7", "7:7", 8, link.toString());
        devices = new BlockDevices(tmp.resolve("sys"));
        assertThat(check("9 1 7:7 / /mnt/img rw - ext4 /dev/loop7 rw\n", noSwaps).whyBusy(dev("loop6")))
                .contains("its backing file " + image + " also backs the loop device /dev/loop7 (7:7), and loop7"
                        + " (7:7) is mounted at /mnt/img (ext4); writing through one changes what the other presents");
        assertThat(check("", noSwaps).whyBusy(dev("loop6"))).as("attached, even unmounted").isPresent();
    }

    @Test
    void aLoopDeviceOverAnActiveSwapFileIsBusy() throws IOException {
        Path file = Files.write(tmp.resolve("swapfile"), new byte[4096]);
        new FakeSysfs(tmp.resolve("sys")).loop("loop6", "7:6", 8, file.toString());
        devices = new BlockDevices(tmp.resolve("sys"));
        Path swaps = Files.writeString(tmp.resolve("swaps3"), "Filename\tType\tSize\tUsed\tPriority\n"
                + file + "                               file\t4\t0\t-3\n");
        assertThat(check("", swaps).whyBusy(dev("loop6"))).hasValueSatisfying(s -> assertThat(s)
                .startsWith("its backing file " + file + " is an active swap file"));
    }

    @Test
    void aPartitionIsBusyWhenItsWholeDiskIsMounted() {
        String why = check("3 1 8:0 / /whole rw - ext4 /dev/sda rw\n", noSwaps).whyBusy(dev("sda1")).orElseThrow();
        assertThat(why).isEqualTo("sda (8:0), the disk of sda1, is mounted at /whole (ext4)");
    }

    @Test
    void swapAreasAreReadWithTheirTypeAndADeletedSwapFileHasNoPath() throws IOException {
        Path swaps = Files.writeString(tmp.resolve("swaps3"), """
                Filename				Type		Size		Used		Priority
                /dev/sdb                                partition	1048572		0		-2
                /var/swap\\040file\\040(deleted)          file		1048572		0		-3
                """);
        assertThat(SwapArea.read(swaps)).containsExactly(new SwapArea("/dev/sdb", "partition"),
                new SwapArea("/var/swap file (deleted)", "file"));
        assertThat(SwapArea.read(swaps).get(1).path()).isEmpty();
        assertThat(SwapArea.read(tmp.resolve("no-such-file"))).isEmpty();
    }

    @Test
    void thisMachinesRootDiskIsBusy() {
        MountCheck live = MountCheck.system();
        DeviceResolution root = DeviceResolver.system().resolve(Path.of("/"));
        assumeTrue(root.hasBlockDevice(), () -> "/ has no block device here: " + root.describe());
        String why = live.whyBusy(root.wholeDisk().orElseThrow()).orElseThrow();
        System.out.println("live: " + why);
        assertThat(why).contains("mounted at");
    }

    @Test
    void aLoopDeviceBecomesBusyWhenItsFilesystemIsMounted() throws Exception {
        LoopDevice.assumeAvailable("attach, format and mount a loop device");
        Path mnt = Files.createDirectory(tmp.resolve("mnt"));
        try (LoopDevice loop = LoopDevice.attach(tmp.resolve("fs.img"), 8 << 20)) {
            BlockDevice dev = BlockDevices.system().byName(loop.device.toString()).orElseThrow();
            assertThat(MountCheck.system().whyBusy(dev)).isEmpty();
            LoopDevice.run("mkfs.ext4", "-q", "-F", loop.device.toString());
            LoopDevice.run("mount", loop.device.toString(), mnt.toString());
            try {
                assertThat(MountCheck.system().whyBusy(dev)).hasValueSatisfying(s -> assertThat(s).contains(mnt.toString()));
                DeviceResolution res = DeviceResolver.system().resolve(mnt.resolve("file"));
                assertThat(res.device().orElseThrow().name()).isEqualTo(dev.name());
                assertThat(res.loopBackingFile()).contains(loop.image.toRealPath());
            } finally {
                LoopDevice.run("umount", mnt.toString());
            }
        }
    }

    @Test
    void aFileOnAMountedPartitionOfALoopDeviceResolvesToThePartitionAndMakesTheDiskBusy() throws Exception {
        LoopDevice.assumeAvailable("attach a partitioned loop device and mount its partition");
        Path mnt = Files.createDirectory(tmp.resolve("mnt"));
        try (LoopDevice loop = LoopDevice.attachPartitioned(tmp.resolve("disk.img"), 16 << 20)) {
            BlockDevices live = BlockDevices.system();
            BlockDevice disk = live.byName(loop.device.toString()).orElseThrow();
            String part = disk.name() + "p1";
            assertThat(disk.partitions()).containsExactly(part);
            BlockDevice p1 = live.byName(part).orElseThrow();
            assertThat(p1.parentDisk()).contains(disk.name());
            assertThat(p1.sizeBytes()).isEqualTo((16 << 20) - 2048 * 512);
            assertThat(p1.logicalBlockSize()).isEqualTo(disk.logicalBlockSize());
            assertThat(MountCheck.system().whyBusy(disk)).isEmpty();
            LoopDevice.run("mkfs.ext4", "-q", "-F", p1.devicePath().toString());
            LoopDevice.run("mount", p1.devicePath().toString(), mnt.toString());
            try {
                String why = MountCheck.system().whyBusy(disk).orElseThrow();
                assertThat(why).isEqualTo(part + " (" + p1.devNumber() + "), a partition of " + disk.name()
                        + ", is mounted at " + mnt + " (ext4)");
                DeviceResolution res = DeviceResolver.system().resolve(mnt.resolve("not-yet/file.dat"));
                assertThat(res.kind()).isEqualTo(DeviceResolution.Kind.FILE_ON_BLOCK_DEVICE);
                assertThat(res.devices()).extracting(BlockDevice::name).containsExactly(part, disk.name());
                assertThat(res.loopBackingFile()).contains(loop.image.toRealPath());
                System.out.println("live: " + res.describe());
            } finally {
                LoopDevice.run("umount", mnt.toString());
            }
        }
    }

    private BlockDevice dev(String name) {
        return devices.byName(name).orElseThrow();
    }
}
