package org.iobench.workload.zbd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A block device's zoned model as the kernel reports it ({@code /sys/class/block/NAME/queue/zoned}). */
public final class ZonedModel {
    private ZonedModel() {}

    /**
     * {@code none}, {@code host-aware} or {@code host-managed}; {@code none} where the kernel says nothing (an older
     * kernel, a partition's parent not found).
     */
    public static String of(Path device) {
        try {
            Path real = device.toRealPath();
            Path zoned = Path.of("/sys/class/block", real.getFileName().toString(), "queue", "zoned");
            if (!Files.exists(zoned)) { // a partition: its disk's queue
                zoned = Path.of("/sys/class/block", real.getFileName().toString()).toRealPath().getParent()
                        .resolve("queue").resolve("zoned");
            }
            return Files.exists(zoned) ? Files.readString(zoned).strip() : "none";
        } catch (IOException e) {
            return "none";
        }
    }
}
