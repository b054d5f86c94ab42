package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A block device as sysfs describes it ({@code /sys/class/block/NAME}).
 *
 * <p>Queue attributes (block sizes, rotational, scheduler) belong to the whole disk; for a partition they are
 * read from its parent disk.
 *
 * @param name              kernel name, e.g. {@code vda}, {@code sda1}, {@code nvme0n1p2}, {@code loop3}
 * @param devNumber         major:minor
 * @param parentDisk        for a partition, the name of its whole disk; empty for a whole disk
 * @param sizeBytes         capacity in bytes (sysfs {@code size} is always in 512-byte sectors); -1 if unknown
 * @param logicalBlockSize  bytes, the smallest unit the device addresses (O_DIRECT alignment); -1 if unknown
 * @param physicalBlockSize bytes, the device's internal write unit (smaller writes may read-modify-write); -1 if unknown
 * @param rotational        true for spinning disks (sysfs {@code queue/rotational} = 1); false if 0 or unknown
 * @param scheduler         the active I/O scheduler, the bracketed entry of {@code queue/scheduler}; empty if none is reported
 * @param model             {@code device/model} (SCSI/NVMe), empty if the driver does not provide one (virtio, loop)
 * @param holders           names of devices stacked on this one ({@code holders/}: dm, md, ...)
 * @param partitions        names of this disk's partitions; empty for a partition
 * @param loopBackingFile   for an attached loop device, its backing file ({@code loop/backing_file})
 * @param readOnly          sysfs {@code ro} = 1
 */
public record BlockDevice(String name, DevNumber devNumber, Optional<String> parentDisk, long sizeBytes,
                          long logicalBlockSize, long physicalBlockSize, boolean rotational,
                          Optional<String> scheduler, Optional<String> model, List<String> holders,
                          List<String> partitions, Optional<Path> loopBackingFile, boolean readOnly) {

    public BlockDevice {
        holders = List.copyOf(holders);
        partitions = List.copyOf(partitions);
    }

    /** True if this is a partition of another disk. */
    public boolean isPartition() {
        return parentDisk.isPresent();
    }

    /** The whole disk's name: the parent for a partition, else this device's name. */
    public String wholeDiskName() {
        return parentDisk.orElse(name);
    }

    /** True for a loop device (major 7, or {@code loop}-named) or a partition of one. */
    public boolean isLoop() {
        return devNumber.major() == 7 || wholeDiskName().startsWith("loop");
    }

    /** The conventional device node, {@code /dev/NAME} (devtmpfs naming; {@code !} in sysfs names becomes {@code /}). */
    public Path devicePath() {
        return Path.of("/dev", name.replace('!', '/'));
    }
}
