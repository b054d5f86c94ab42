package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target can poll for completions only when its whole disk's queue says {@code io_poll} 1; any other value, an
 * absent attribute or a filesystem with no block device gives the reason, naming the attribute and what it holds.
 */
class PolledCompletionsTest {
    @TempDir
    Path tmp;

    private FakeSysfs sysfs() throws IOException {
        return new FakeSysfs(Files.createDirectory(tmp.resolve("sys")));
    }

    /** A file on {@code dev} (glibc's st_dev encoding of MAJOR:MINOR), mounted at the temporary directory. */
    private DeviceResolution fileOn(FakeSysfs fake, int major, int minor, String source) throws IOException {
        MountTable mounts = MountTable.parse("30 1 " + major + ":" + minor + " / " + tmp + " rw - ext4 " + source
                + " rw\n");
        DeviceResolver r = new DeviceResolver(mounts, new BlockDevices(fake.root),
                p -> new DeviceResolver.StatResult(false, (major << 8) | minor, 0));
        return r.resolve(Files.writeString(tmp.resolve("f"), "x"));
    }

    @Test
    void aDiskWhoseQueuePollsIsAccepted() throws IOException {
        FakeSysfs fake = sysfs();
        Path disk = fake.disk("nvme0n1", "259:0", 1000, 512, 4096, 0, "[none]");
        fake.write(disk.resolve("queue/io_poll"), "1");
        assertThat(PolledCompletions.whyNot(fileOn(fake, 259, 0, "/dev/nvme0n1"), new BlockDevices(fake.root)))
                .isEmpty();
    }

    @Test
    void aDiskWithoutPollQueuesIsRefusedNamingTheAttributeAndItsValue() throws IOException {
        FakeSysfs fake = sysfs();
        Path disk = fake.disk("vdb", "254:16", 1000, 512, 4096, 0, "[none]");
        fake.write(disk.resolve("queue/io_poll"), "0");
        assertThat(PolledCompletions.whyNot(fileOn(fake, 254, 16, "/dev/vdb"), new BlockDevices(fake.root)))
                .hasValueSatisfying(why -> assertThat(why).startsWith("/dev/vdb does not poll for completions (")
                        .contains("class/block/vdb/queue/io_poll = 0").doesNotContain("\n"));
    }

    @Test
    void anAbsentAttributeIsRefusedAsAbsent() throws IOException {
        FakeSysfs fake = sysfs();
        fake.disk("sdc", "8:32", 1000, 512, 512, 1, "[mq-deadline]");
        assertThat(PolledCompletions.whyNot(fileOn(fake, 8, 32, "/dev/sdc"), new BlockDevices(fake.root)))
                .hasValueSatisfying(why -> assertThat(why).contains("queue/io_poll = absent"));
    }

    @Test
    void aPartitionIsJudgedByItsWholeDisksQueue() throws IOException {
        FakeSysfs fake = sysfs();
        Path disk = fake.disk("nvme1n1", "259:4", 1000, 512, 4096, 0, "[none]");
        fake.partition("nvme1n1", "nvme1n1p1", "259:5", 900);
        fake.write(disk.resolve("queue/io_poll"), "1");
        assertThat(PolledCompletions.whyNot(fileOn(fake, 259, 5, "/dev/nvme1n1p1"), new BlockDevices(fake.root)))
                .as("the partition has no queue/ of its own; its disk polls").isEmpty();
        fake.write(disk.resolve("queue/io_poll"), "0");
        assertThat(PolledCompletions.whyNot(fileOn(fake, 259, 5, "/dev/nvme1n1p1"), new BlockDevices(fake.root)))
                .hasValueSatisfying(why -> assertThat(why).startsWith("/dev/nvme1n1 does not poll"));
    }

    @Test
    void aFilesystemWithNoBlockDeviceHasNothingToPoll() throws IOException {
        MountTable mounts = MountTable.parse("33 1 0:50 / " + tmp + " rw - tmpfs tmpfs rw\n");
        BlockDevices devices = new BlockDevices(tmp.resolve("sys"));
        DeviceResolution target = new DeviceResolver(mounts, devices,
                p -> new DeviceResolver.StatResult(false, 50, 0)).resolve(tmp.resolve("new-file"));
        assertThat(PolledCompletions.whyNot(target, devices)).hasValueSatisfying(why -> assertThat(why)
                .startsWith(tmp.resolve("new-file") + " is on no block device (").contains("tmpfs")
                .endsWith(": there is no device to poll"));
    }
}
