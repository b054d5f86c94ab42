package org.iobench.workload.zbd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A block device's zoned model and size as the kernel reports them ({@code /sys/class/block/NAME/}). */
public final class ZonedModel {
    private ZonedModel() {}

    /**
     * {@code none}, {@code host-aware} or {@code host-managed}; {@code none} where the kernel says nothing (an older
     * kernel, a partition's parent not found).
     */
    public static String of(Path device) {
        String model = reported(device);
        return model == null ? "none" : model;
    }

    /** What the kernel reports as the device's zoned model ({@code queue/zoned}); null where it says nothing. */
    public static String reported(Path device) {
        try {
            Path real = device.toRealPath();
            Path zoned = Path.of("/sys/class/block", real.getFileName().toString(), "queue", "zoned");
            if (!Files.exists(zoned)) { // a partition: its disk's queue
                zoned = Path.of("/sys/class/block", real.getFileName().toString()).toRealPath().getParent()
                        .resolve("queue").resolve("zoned");
            }
            return Files.exists(zoned) ? Files.readString(zoned).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The device's size in bytes as the kernel reports it ({@code /sys/class/block/NAME/size}, in 512-byte sectors;
     * a partition's own), or {@code absent} where it cannot be read: fio lays a device's zones over all of it.
     */
    public static long bytes(Path device, long absent) {
        try {
            Path size = Path.of("/sys/class/block", device.toRealPath().getFileName().toString(), "size");
            return Files.exists(size) ? Long.parseLong(Files.readString(size).strip()) * 512 : absent;
        } catch (IOException | NumberFormatException e) {
            return absent;
        }
    }
}
