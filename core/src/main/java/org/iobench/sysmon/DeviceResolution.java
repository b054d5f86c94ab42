package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a benchmark target lives: its filesystem mount, its device, and the whole disk under it.
 *
 * @param target          the path asked about
 * @param resolvedPath    the real path examined (symlinks resolved; for a file not created yet, its nearest
 *                        existing ancestor with the missing tail appended)
 * @param kind            what the target turned out to be
 * @param mount           the mount holding a file or directory; empty for a block device target
 * @param devNumber       st_dev of a file, or st_rdev of a device node
 * @param device          the block device (a partition, a whole disk, loop...) if there is one
 * @param wholeDisk       the whole disk under {@code device} (itself if it is not a partition)
 * @param loopBackingFile when the whole disk is a loop device, the file behind it
 * @param noDeviceReason  when {@code kind == NO_BLOCK_DEVICE}, a one-line human reason
 */
public record DeviceResolution(Path target, Path resolvedPath, Kind kind, Optional<Mount> mount,
                               DevNumber devNumber, Optional<BlockDevice> device, Optional<BlockDevice> wholeDisk,
                               Optional<Path> loopBackingFile, Optional<String> noDeviceReason) {

    /** What the target is. */
    public enum Kind {
        /** A regular file or directory on a filesystem backed by a block device. */
        FILE_ON_BLOCK_DEVICE,
        /** The target is itself a block device node. */
        BLOCK_DEVICE,
        /** A file on a filesystem with no (single) block device: tmpfs, overlay, btrfs, nfs, proc... */
        NO_BLOCK_DEVICE
    }

    /** True unless {@link Kind#NO_BLOCK_DEVICE}. */
    public boolean hasBlockDevice() {
        return device.isPresent();
    }

    /** The devices, innermost first: the partition (if any), then the whole disk. Empty when there is none. */
    public List<BlockDevice> devices() {
        List<BlockDevice> out = new ArrayList<>(2);
        device.ifPresent(out::add);
        wholeDisk.filter(w -> device.map(d -> !d.name().equals(w.name())).orElse(true)).ifPresent(out::add);
        return List.copyOf(out);
    }

    /** One line for logs and reports, e.g. {@code "/data/f on ext4 /data (/dev/sdb1 8:17), partition of sdb"}. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(target);
        mount.ifPresent(m -> b.append(" on ").append(m.fsType()).append(' ').append(m.mountPoint()));
        if (device.isEmpty()) {
            b.append(": no block device");
            noDeviceReason.ifPresent(r -> b.append(" (").append(r).append(')'));
            return b.toString();
        }
        BlockDevice d = device.get();
        b.append(" (").append(d.devicePath()).append(' ').append(devNumber).append(')');
        d.parentDisk().ifPresent(p -> b.append(", partition of ").append(p));
        loopBackingFile.ifPresent(f -> b.append(", loop device backed by ").append(f));
        return b.toString();
    }
}
