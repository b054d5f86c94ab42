package org.iobench.sysmon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Looks up block devices in sysfs. The sysfs root is configurable so tests can build a fake tree.
 *
 * <pre>{@code
 * BlockDevices devices = BlockDevices.system();
 * BlockDevice vda = devices.byName("vda").orElseThrow();
 * vda.logicalBlockSize();   // 512
 * devices.byDevNumber(DevNumber.parse("254:0"));
 * }</pre>
 */
public final class BlockDevices {

    private final Path sysRoot;

    /** @param sysRoot the sysfs mount point, normally {@code /sys} */
    public BlockDevices(Path sysRoot) {
        this.sysRoot = sysRoot;
    }

    /** Devices of this machine, from {@code /sys}. */
    public static BlockDevices system() {
        return new BlockDevices(Path.of("/sys"));
    }

    /** The sysfs root this instance reads. */
    public Path sysRoot() {
        return sysRoot;
    }

    /** The device named {@code name} ({@code vda}, {@code sda1}); a leading {@code /dev/} is stripped. */
    public Optional<BlockDevice> byName(String name) {
        String n = name.startsWith("/dev/") ? name.substring(5).replace('/', '!') : name;
        if (n.isEmpty() || n.contains("/") || n.equals(".") || n.equals("..")) {
            return Optional.empty();
        }
        return read(sysRoot.resolve("class/block").resolve(n));
    }

    /** The device with this major:minor, through {@code /sys/dev/block/MAJ:MIN}. */
    public Optional<BlockDevice> byDevNumber(DevNumber dev) {
        return read(sysRoot.resolve("dev/block").resolve(dev.toString()));
    }

    /** Every block device sysfs lists (disks, partitions, loop, zram, dm...), sorted by name. */
    public List<BlockDevice> all() {
        List<BlockDevice> out = new ArrayList<>();
        for (String n : SysfsFiles.list(sysRoot.resolve("class/block"))) {
            byName(n).ifPresent(out::add);
        }
        return out;
    }

    /**
     * The devices {@code device} is stacked on ({@code slaves/}: a device-mapper table's or an md array's members);
     * empty for a disk, a partition or a loop device.
     */
    public List<String> slavesOf(BlockDevice device) {
        return SysfsFiles.list(sysRoot.resolve("class/block").resolve(device.name()).resolve("slaves"));
    }

    /** The whole disk of {@code device}: its parent for a partition, else itself. */
    public BlockDevice wholeDiskOf(BlockDevice device) {
        return device.parentDisk().flatMap(this::byName).orElse(device);
    }

    private Optional<BlockDevice> read(Path link) {
        Path dir;
        try {
            dir = link.toRealPath();
        } catch (IOException e) {
            return Optional.empty();
        }
        Optional<DevNumber> dev = SysfsFiles.readTrimmed(dir.resolve("dev")).flatMap(BlockDevices::parseDev);
        if (dev.isEmpty()) {
            return Optional.empty();
        }
        String name = dir.getFileName().toString();
        boolean partition = Files.exists(dir.resolve("partition"));
        Optional<String> parent = partition ? Optional.of(dir.getParent().getFileName().toString()) : Optional.empty();
        Path diskDir = partition ? dir.getParent() : dir;
        Path queue = diskDir.resolve("queue");
        long sectors = SysfsFiles.readLong(dir.resolve("size")).orElse(-1);
        List<String> partitions = new ArrayList<>();
        if (!partition) {
            for (String child : SysfsFiles.list(dir)) {
                if (Files.exists(dir.resolve(child).resolve("partition"))) {
                    partitions.add(child);
                }
            }
        }
        return Optional.of(new BlockDevice(
                name,
                dev.get(),
                parent,
                sectors < 0 ? -1 : sectors * 512,
                SysfsFiles.readLong(queue.resolve("logical_block_size")).orElse(-1),
                SysfsFiles.readLong(queue.resolve("physical_block_size")).orElse(-1),
                SysfsFiles.readLong(queue.resolve("rotational")).orElse(0) == 1,
                SysfsFiles.readTrimmed(queue.resolve("scheduler")).flatMap(BlockDevices::activeScheduler),
                SysfsFiles.readTrimmed(diskDir.resolve("device/model")).filter(s -> !s.isEmpty()),
                SysfsFiles.list(dir.resolve("holders")),
                partitions,
                SysfsFiles.readTrimmed(diskDir.resolve("loop/backing_file")).filter(s -> !s.isEmpty()).map(Path::of),
                SysfsFiles.readLong(dir.resolve("ro")).orElse(0) == 1));
    }

    private static Optional<DevNumber> parseDev(String s) {
        try {
            return Optional.of(DevNumber.parse(s));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** {@code "none [mq-deadline] kyber bfq"} gives {@code mq-deadline}; a lone {@code "none"} gives {@code none}. */
    static Optional<String> activeScheduler(String schedulerFile) {
        int open = schedulerFile.indexOf('[');
        int close = schedulerFile.indexOf(']', open + 1);
        if (open >= 0 && close > open) {
            return Optional.of(schedulerFile.substring(open + 1, close));
        }
        String s = schedulerFile.strip();
        return s.isEmpty() || s.contains(" ") ? Optional.empty() : Optional.of(s);
    }
}
