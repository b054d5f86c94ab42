package org.iobench.sysmon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Resolves a benchmark target to the device(s) it lives on:
 * file or directory → its mount → st_dev major:minor → partition → whole disk (→ loop backing file);
 * a block device node → itself (its st_rdev).
 *
 * <p>Filesystems whose st_dev is anonymous (major 0: tmpfs, overlay, btrfs, nfs...) resolve to
 * {@link DeviceResolution.Kind#NO_BLOCK_DEVICE} with a reason, not an exception.
 */
public final class DeviceResolver {

    /** What stat(2) tells about a path; an interface so fixture tests need no real device nodes. */
    interface Stat {
        /** stat(2) of an existing real path: is it a block device node, its st_dev and st_rdev (glibc dev_t encoding). */
        StatResult stat(Path realPath) throws IOException;
    }

    /** @param blockDevice S_ISBLK(st_mode); @param devT st_dev; @param rdevT st_rdev */
    record StatResult(boolean blockDevice, long devT, long rdevT) {
    }

    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private final MountTable mounts;
    private final BlockDevices devices;
    private final Stat stat;

    public DeviceResolver(MountTable mounts, BlockDevices devices) {
        this(mounts, devices, DeviceResolver::unixStat);
    }

    DeviceResolver(MountTable mounts, BlockDevices devices, Stat stat) {
        this.mounts = mounts;
        this.devices = devices;
        this.stat = stat;
    }

    /** Uses this process's live mount table and {@code /sys}. */
    public static DeviceResolver system() {
        return new DeviceResolver(MountTable.current(), BlockDevices.system());
    }

    /**
     * Resolves {@code target}. A path that does not exist yet (a file the benchmark will create) is resolved
     * through its nearest existing ancestor.
     *
     * @throws UncheckedIOException if even the nearest existing ancestor cannot be stat'ed
     */
    public DeviceResolution resolve(Path target) {
        Path real = MountTable.realPathOfNearestExisting(target);
        Path existing = real;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        StatResult st;
        try {
            st = stat.stat(existing == null ? real : existing);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stat " + target, e);
        }
        if (st.blockDevice() && existing != null && existing.equals(real)) {
            DevNumber rdev = DevNumber.fromDevT(st.rdevT());
            Optional<BlockDevice> dev = devices.byDevNumber(rdev);
            if (dev.isEmpty()) {
                return none(target, real, Optional.empty(), rdev,
                        "block device " + rdev + " has no entry in " + devices.sysRoot().resolve("dev/block"));
            }
            return found(target, real, DeviceResolution.Kind.BLOCK_DEVICE, Optional.empty(), rdev, dev.get());
        }
        DevNumber dev = DevNumber.fromDevT(st.devT());
        Optional<Mount> mount = mounts.mountOfResolved(real);
        if (dev.isAnonymous()) {
            String fs = mount.map(m -> m.fsType() + " filesystem at " + m.mountPoint() + " (source " + m.source() + ")")
                    .orElse("filesystem");
            return none(target, real, mount, dev, fs + " has no block device of its own: st_dev is anonymous " + dev);
        }
        Optional<BlockDevice> device = devices.byDevNumber(dev);
        if (device.isEmpty()) {
            return none(target, real, mount, dev,
                    "st_dev " + dev + " has no entry in " + devices.sysRoot().resolve("dev/block"));
        }
        return found(target, real, DeviceResolution.Kind.FILE_ON_BLOCK_DEVICE, mount, dev, device.get());
    }

    private DeviceResolution found(Path target, Path real, DeviceResolution.Kind kind, Optional<Mount> mount,
                                   DevNumber dev, BlockDevice device) {
        BlockDevice whole = devices.wholeDiskOf(device);
        return new DeviceResolution(target, real, kind, mount, dev, Optional.of(device), Optional.of(whole),
                whole.loopBackingFile(), Optional.empty());
    }

    private static DeviceResolution none(Path target, Path real, Optional<Mount> mount, DevNumber dev, String why) {
        return new DeviceResolution(target, real, DeviceResolution.Kind.NO_BLOCK_DEVICE, mount, dev,
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(why));
    }

    private static StatResult unixStat(Path p) throws IOException {
        int mode = (Integer) Files.getAttribute(p, "unix:mode");
        long dev = (Long) Files.getAttribute(p, "unix:dev");
        long rdev = (Long) Files.getAttribute(p, "unix:rdev");
        return new StatResult((mode & S_IFMT) == S_IFBLK, dev, rdev);
    }
}
