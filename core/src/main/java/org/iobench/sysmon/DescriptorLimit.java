package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * How many more file descriptors this process may open: its RLIMIT_NOFILE soft limit ("Max open files" in
 * {@code /proc/self/limits}) less the descriptors open now ({@code /proc/self/fd}). A job over many files holds a
 * descriptor for each file it keeps open and one for the lock on each file; beyond this, an open in the middle of the
 * run fails with EMFILE.
 *
 * @param limit   the soft limit; {@link Long#MAX_VALUE} when unlimited or unknown
 * @param openNow the descriptors open now; 0 when unknown
 */
public record DescriptorLimit(long limit, long openNow) {

    /** This process, now. */
    public static DescriptorLimit system() {
        return read(Path.of("/proc/self"));
    }

    /** The limit and descriptors under {@code self} (a fixture directory in tests). */
    public static DescriptorLimit read(Path self) {
        long open = 0;
        try (Stream<Path> fds = Files.list(self.resolve("fd"))) {
            open = fds.count();
        } catch (IOException | SecurityException e) {
            open = 0;
        }
        String text;
        try {
            text = new String(Files.readAllBytes(self.resolve("limits")), StandardCharsets.ISO_8859_1);
        } catch (IOException | SecurityException e) {
            text = "";
        }
        return new DescriptorLimit(softLimit(text), open);
    }

    /** The soft "Max open files" of {@code /proc/self/limits} text; MAX_VALUE when unlimited or absent. */
    static long softLimit(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String[] f = line.substring("Max open files".length()).strip().split("\\s+");
                try {
                    return Long.parseLong(f[0]);
                } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                    return Long.MAX_VALUE;
                }
            }
        }
        return Long.MAX_VALUE;
    }

    /** Descriptors this process may still open (0 or more). */
    public long free() {
        return limit == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, limit - openNow);
    }
}
