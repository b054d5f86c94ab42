package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Whether a loop device reads and writes its backing file with direct I/O ({@code /sys/block/loopN/loop/dio}).
 * With it off (the default of {@code losetup}), every request to the loop device, O_DIRECT or not, goes through the
 * backing file's page cache: "direct" figures on it are the cache's.
 */
public final class LoopDirectIo {
    private static final Pattern LOOP_PARTITION = Pattern.compile("(loop\\d+)p\\d+");
    private final Path sysBlock;

    /** @param sysBlock the directory of whole disks ({@code /sys/block}); another root in tests */
    public LoopDirectIo(Path sysBlock) {
        this.sysBlock = sysBlock;
    }

    public static LoopDirectIo system() {
        return new LoopDirectIo(Path.of("/sys/block"));
    }

    /**
     * @param loop        the loop device's kernel name ({@code loop3})
     * @param directIo    its {@code loop/dio}: 1 on, 0 off
     * @param backingFile its {@code loop/backing_file}, or null when sysfs does not say
     */
    public record State(String loop, boolean directIo, String backingFile) {}

    /**
     * The state of the loop device {@code device} names ({@code /dev/loop3}, {@code loop3}, a partition
     * {@code loop3p1}); empty for any other device, a detached loop device, or when sysfs cannot be read.
     */
    public Optional<State> of(String device) {
        if (device == null) {
            return Optional.empty();
        }
        String name = device.startsWith("/dev/") ? device.substring(5) : device;
        var partition = LOOP_PARTITION.matcher(name);
        String whole = partition.matches() ? partition.group(1) : name;
        if (!whole.matches("loop\\d+")) {
            return Optional.empty();
        }
        Path loop = sysBlock.resolve(whole).resolve("loop");
        try {
            String dio = Files.readString(loop.resolve("dio"), StandardCharsets.US_ASCII).strip();
            String backing = Files.isReadable(loop.resolve("backing_file"))
                    ? Files.readString(loop.resolve("backing_file"), StandardCharsets.UTF_8).strip() : null;
            return switch (dio) {
                case "0" -> Optional.of(new State(whole, false, backing));
                case "1" -> Optional.of(new State(whole, true, backing));
                default -> Optional.empty();
            };
        } catch (IOException e) {
            return Optional.empty(); // not attached, or no loop attributes: nothing to say
        }
    }
}
