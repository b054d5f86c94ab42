package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceResolverTest {

    @TempDir
    Path tmp;

    @Test
    void aFileOnAPartitionResolvesToThePartitionAndItsWholeDisk() throws IOException {
        Path sys = Files.createDirectory(tmp.resolve("sys"));
        FakeSysfs fake = new FakeSysfs(sys);
        fake.disk("sdb", "8:16", 1000, 512, 4096, 0, "[none]");
        fake.partition("sdb", "sdb1", "8:17", 900);
        MountTable mounts = MountTable.parse("30 1 8:17 / " + tmp + " rw - xfs /dev/sdb1 rw\n");
        Path file = Files.writeString(tmp.resolve("f"), "x");
        // st_dev of 8:17 in glibc encoding
        DeviceResolver r = new DeviceResolver(mounts, new BlockDevices(sys),
                p -> new DeviceResolver.StatResult(false, (8 << 8) | 17, 0));

        DeviceResolution res = r.resolve(file);

        assertThat(res.kind()).isEqualTo(DeviceResolution.Kind.FILE_ON_BLOCK_DEVICE);
        assertThat(res.mount().orElseThrow().fsType()).isEqualTo("xfs");
        assertThat(res.devNumber()).isEqualTo(new DevNumber(8, 17));
        assertThat(res.device().orElseThrow().name()).isEqualTo("sdb1");
        assertThat(res.wholeDisk().orElseThrow().name()).isEqualTo("sdb");
        assertThat(res.devices()).extracting(BlockDevice::name).containsExactly("sdb1", "sdb");
        assertThat(res.describe()).contains("xfs", "/dev/sdb1", "8:17", "partition of sdb");
    }

    @Test
    void anAnonymousStDevMeansNoBlockDeviceWithAReasonNotAnException() throws IOException {
        MountTable mounts = MountTable.parse("33 1 0:50 / " + tmp + " rw - overlay overlay rw\n");
        DeviceResolver r = new DeviceResolver(mounts, new BlockDevices(tmp.resolve("sys")),
                p -> new DeviceResolver.StatResult(false, 50, 0));

        DeviceResolution res = r.resolve(tmp.resolve("file-to-be-created"));

        assertThat(res.kind()).isEqualTo(DeviceResolution.Kind.NO_BLOCK_DEVICE);
        assertThat(res.hasBlockDevice()).isFalse();
        assertThat(res.devices()).isEmpty();
        assertThat(res.noDeviceReason().orElseThrow()).contains("overlay", "anonymous", "0:50");
        assertThat(res.describe()).contains("no block device");
    }

    @Test
    void aFileOnThisMachinesRootFilesystemResolvesToItsDisk() throws IOException {
        DeviceResolver live = DeviceResolver.system();
        Path file = Files.writeString(Files.createTempFile("iobench-resolve", ".dat"), "x");
        try {
            DeviceResolution res = live.resolve(file);
            System.out.println("live: " + res.describe());
            if (res.hasBlockDevice()) {
                assertThat(res.wholeDisk().orElseThrow().isPartition()).isFalse();
                assertThat(res.mount()).isPresent();
                assertThat(res.mount().get().devNumber()).isEqualTo(res.devNumber());
            } else {
                assertThat(res.noDeviceReason()).isPresent();
            }
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void theRootFilesystemsDiskResolvesToItselfAsABlockDevice() {
        DeviceResolver live = DeviceResolver.system();
        DeviceResolution root = live.resolve(Path.of("/"));
        assumeTrue(root.hasBlockDevice(), () -> "/ has no block device here: " + root.describe());
        BlockDevice disk = root.wholeDisk().orElseThrow();
        assumeTrue(Files.exists(disk.devicePath()), () -> "no device node " + disk.devicePath());
        DeviceResolution res = live.resolve(disk.devicePath());
        assertThat(res.kind()).isEqualTo(DeviceResolution.Kind.BLOCK_DEVICE);
        assertThat(res.device().orElseThrow().name()).isEqualTo(disk.name());
        assertThat(res.mount()).isEmpty();
    }

    @Test
    void aPathOnTmpfsResolvesToNoDevice() {
        assumeTrue(Files.isDirectory(Path.of("/dev/shm")) && MountTable.current().mountOf(Path.of("/dev/shm"))
                .map(m -> m.fsType().equals("tmpfs")).orElse(false), "/dev/shm is not a tmpfs here");
        DeviceResolution shm = DeviceResolver.system().resolve(Path.of("/dev/shm/iobench-not-there"));
        assertThat(shm.kind()).isEqualTo(DeviceResolution.Kind.NO_BLOCK_DEVICE);
        assertThat(shm.noDeviceReason().orElseThrow()).contains("tmpfs");
    }

    @Test
    void aLoopDeviceReportsItsBackingFile() throws Exception {
        LoopDevice.assumeAvailable("attach a loop device");
        Path img = tmp.resolve("loop.img");
        try (LoopDevice loop = LoopDevice.attach(img, 4 << 20)) {
            DeviceResolution res = DeviceResolver.system().resolve(loop.device);
            assertThat(res.kind()).isEqualTo(DeviceResolution.Kind.BLOCK_DEVICE);
            assertThat(res.device().orElseThrow().isLoop()).isTrue();
            assertThat(res.device().get().sizeBytes()).isEqualTo(4 << 20);
            assertThat(res.loopBackingFile()).contains(img.toRealPath());
            assertThat(MountCheck.system().whyBusy(res.device().get())).isEmpty();
        }
    }
}
