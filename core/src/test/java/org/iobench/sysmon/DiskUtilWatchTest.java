package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskUtilWatchTest {
    @TempDir
    Path dir;

    private static String line(String dev, String name, long reads, long readMerges, long readTicks, long writes,
                               long writeMerges, long writeTicks, long ioTicks, long inQueue) {
        return String.format("%s %s %d %d 800 %d %d %d 1600 %d 0 %d %d", dev.replace(':', ' '), name, reads,
                readMerges, readTicks, writes, writeMerges, writeTicks, ioTicks, inQueue);
    }

    @Test
    void aPartitionStandsForItsDiskAndAStackedDeviceListsItsSlavesAfterIt() {
        FakeSysfs sys = new FakeSysfs(dir.resolve("sys"));
        sys.disk("vda", "254:0", 1000, 512, 4096, 0, "[none]");
        sys.partition("vda", "vda1", "254:1", 500);
        Path dm = sys.disk("dm-0", "253:0", 1000, 512, 4096, 0, null);
        sys.disk("sda", "8:0", 1000, 512, 4096, 1, "[mq-deadline]");
        sys.disk("sdb", "8:16", 1000, 512, 4096, 1, "[mq-deadline]");
        sys.write(dm.resolve("slaves/sdb"), "");
        sys.write(dm.resolve("slaves/sda"), "");
        FakeSysfs proc = new FakeSysfs(dir.resolve("proc"));
        proc.write(dir.resolve("proc/diskstats"), String.join("\n",
                line("254:0", "vda", 10, 1, 5, 20, 2, 6, 100, 50), line("254:1", "vda1", 9, 1, 5, 19, 2, 6, 90, 40),
                line("253:0", "dm-0", 0, 0, 0, 0, 0, 0, 0, 0), line("8:0", "sda", 0, 0, 0, 0, 0, 0, 0, 0),
                line("8:16", "sdb", 0, 0, 0, 0, 0, 0, 0, 0)));
        BlockDevices devices = new BlockDevices(dir.resolve("sys"));
        Map<Path, String> under = Map.of(Path.of("/data/f"), "vda1", Path.of("/data/g"), "vda",
                Path.of("/raid/f"), "dm-0", Path.of("/tmp/f"), "none");
        AtomicLong now = new AtomicLong(1_000_000_000L);
        DiskUtilWatch w = DiskUtilWatch.start(List.of(Path.of("/data/f"), Path.of("/data/g"), Path.of("/raid/f"),
                Path.of("/tmp/f")), new ProcFs(dir.resolve("proc")), devices,
                f -> devices.byName(under.get(f)), now::get);
        proc.write(dir.resolve("proc/diskstats"), String.join("\n",
                line("254:0", "vda", 110, 3, 45, 70, 12, 26, 600, 350),
                line("253:0", "dm-0", 40, 0, 8, 4, 0, 2, 300, 10), line("8:0", "sda", 20, 1, 4, 2, 0, 1, 200, 5),
                line("8:16", "sdb", 20, 2, 6, 2, 1, 3, 1500, 7)));
        now.addAndGet(1_000_000_000L);

        List<DiskUtil> disks = w.stop();

        assertThat(disks).extracting(DiskUtil::name).containsExactly("vda", "dm-0", "sda", "sdb");
        DiskUtil vda = disks.get(0);
        assertThat(List.of(vda.readIos(), vda.writeIos(), vda.readMerges(), vda.writeMerges(), vda.readTicks(),
                vda.writeTicks(), vda.inQueue(), vda.ioTicks(), vda.millis()))
                .containsExactly(100L, 50L, 2L, 10L, 40L, 20L, 300L, 500L, 1000L);
        assertThat(vda.utilPercent()).isEqualTo(50.0);
        assertThat(vda.slaves()).isEmpty();
        assertThat(disks.get(1).slaves()).extracting(DiskUtil::name).containsExactly("sda", "sdb");
        assertThat(disks.get(3).utilPercent()).as("capped as fio caps it").isEqualTo(100.0);
    }

    @Test
    void aFileOnNoBlockDeviceWatchesNothing() {
        DiskUtilWatch w = DiskUtilWatch.start(List.of(Path.of("/tmp/f")), new ProcFs(dir), new BlockDevices(dir),
                f -> Optional.empty(), () -> 0L);
        assertThat(w.stop()).isEmpty();
    }
}
