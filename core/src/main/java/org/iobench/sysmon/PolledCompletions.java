package org.iobench.sysmon;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a target's device can poll for completions (io_uring's IOPOLL, fio's {@code hipri}): its whole disk's
 * request queue says so in {@code queue/io_poll} (1 only when the driver has poll queues: NVMe with
 * {@code nvme.poll_queues=N}, virtio-blk with {@code virtio_blk.poll_queues=N}). On any other device the kernel still
 * accepts polled requests but completes them by interrupt while the thread spins: a run that would measure polling
 * and does not.
 */
public final class PolledCompletions {
    private PolledCompletions() {}

    /** Why {@code target} cannot poll for completions; empty when its device can. */
    public static Optional<String> whyNot(DeviceResolution target, BlockDevices devices) {
        if (target.wholeDisk().isEmpty()) {
            return Optional.of(target.target() + " is on no block device"
                    + target.noDeviceReason().map(r -> " (" + r + ")").orElse("") + ": there is no device to poll");
        }
        BlockDevice disk = target.wholeDisk().get();
        Path attribute = devices.sysRoot().resolve("class/block").resolve(disk.name())
                .resolve("queue/io_poll");
        String value = SysfsFiles.readTrimmed(attribute).orElse(null);
        if ("1".equals(value)) {
            return Optional.empty();
        }
        return Optional.of(disk.devicePath() + " does not poll for completions (" + attribute + " = "
                + (value == null ? "absent" : value) + ": its driver has no poll queues, e.g. nvme.poll_queues=0)");
    }
}
