package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockDevicesTest {

    @TempDir
    Path tmp;
    FakeSysfs sys;
    BlockDevices devices;

    @BeforeEach
    void tree() {
        sys = new FakeSysfs(tmp);
        Path sda = sys.disk("sda", "8:0", 2_000_000, 512, 4096, 1, "none [mq-deadline] kyber bfq");
        sys.write(sda.resolve("device/model"), "Samsung SSD 860  ");
        sys.partition("sda", "sda1", "8:1", 1_000_000);
        Path sda2 = sys.partition("sda", "sda2", "8:2", 999_000);
        sys.holder(sda2, "dm-0");
        sys.disk("dm-0", "253:0", 999_000, 4096, 4096, 0, "none");
        Path loop = sys.disk("loop0", "7:0", 2048, 512, 512, 0, "[none] mq-deadline");
        sys.write(loop.resolve("loop/backing_file"), "/tmp/disk image.img");
        sys.disk("zram0", "251:0", 100, 4096, 4096, 0, null);
        devices = new BlockDevices(tmp);
    }

    @Test
    void readsAWholeDiskWithItsQueueAttributes() {
        BlockDevice sda = devices.byName("sda").orElseThrow();
        assertThat(sda.devNumber()).isEqualTo(new DevNumber(8, 0));
        assertThat(sda.isPartition()).isFalse();
        assertThat(sda.sizeBytes()).isEqualTo(2_000_000L * 512);
        assertThat(sda.logicalBlockSize()).isEqualTo(512);
        assertThat(sda.physicalBlockSize()).isEqualTo(4096);
        assertThat(sda.rotational()).isTrue();
        assertThat(sda.scheduler()).contains("mq-deadline");
        assertThat(sda.model()).contains("Samsung SSD 860");
        assertThat(sda.partitions()).containsExactly("sda1", "sda2");
        assertThat(sda.loopBackingFile()).isEmpty();
        assertThat(sda.devicePath()).isEqualTo(Path.of("/dev/sda"));
    }

    @Test
    void aPartitionKnowsItsDiskAndTakesQueueAttributesFromIt() {
        BlockDevice sda2 = devices.byDevNumber(new DevNumber(8, 2)).orElseThrow();
        assertThat(sda2.name()).isEqualTo("sda2");
        assertThat(sda2.parentDisk()).contains("sda");
        assertThat(sda2.wholeDiskName()).isEqualTo("sda");
        assertThat(sda2.sizeBytes()).isEqualTo(999_000L * 512);
        assertThat(sda2.physicalBlockSize()).isEqualTo(4096);
        assertThat(sda2.holders()).containsExactly("dm-0");
        assertThat(sda2.partitions()).isEmpty();
        assertThat(devices.wholeDiskOf(sda2).name()).isEqualTo("sda");
    }

    @Test
    void aLoopDeviceReportsItsBackingFile() {
        BlockDevice loop = devices.byName("/dev/loop0").orElseThrow();
        assertThat(loop.isLoop()).isTrue();
        assertThat(loop.loopBackingFile()).contains(Path.of("/tmp/disk image.img"));
        assertThat(loop.scheduler()).contains("none");
    }

    @Test
    void missingAttributesAreAbsentNotErrors() {
        BlockDevice zram = devices.byName("zram0").orElseThrow();
        assertThat(zram.scheduler()).isEmpty();
        assertThat(zram.model()).isEmpty();
        assertThat(devices.byName("nope")).isEmpty();
        assertThat(devices.byName("../../etc")).isEmpty();
        assertThat(devices.byDevNumber(new DevNumber(1, 1))).isEmpty();
    }

    @Test
    void listsEveryDevice() {
        assertThat(devices.all()).extracting(BlockDevice::name)
                .containsExactly("dm-0", "loop0", "sda", "sda1", "sda2", "zram0");
    }

    @Test
    void schedulerIsTheBracketedEntry() {
        assertThat(BlockDevices.activeScheduler("none [mq-deadline] kyber bfq")).contains("mq-deadline");
        assertThat(BlockDevices.activeScheduler("none")).contains("none");
        assertThat(BlockDevices.activeScheduler("")).isEqualTo(Optional.empty());
    }

    @Test
    void theRootDiskOfThisMachineIsReadFromRealSysfs() {
        DeviceResolution root = DeviceResolver.system().resolve(Path.of("/"));
        assumeTrue(root.hasBlockDevice(), () -> "/ has no block device here: " + root.describe());
        String name = root.wholeDisk().orElseThrow().name();
        BlockDevice disk = BlockDevices.system().byName(name).orElseThrow();
        assertThat(disk.logicalBlockSize()).isPositive();
        assertThat(disk.physicalBlockSize()).isGreaterThanOrEqualTo(disk.logicalBlockSize());
        assertThat(disk.sizeBytes()).isPositive();
        assertThat(BlockDevices.system().byDevNumber(disk.devNumber())).contains(disk);
    }
}
