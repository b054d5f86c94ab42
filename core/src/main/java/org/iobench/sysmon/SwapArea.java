package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One active swap area, a line of {@code /proc/swaps}.
 *
 * @param fileName the swap file or device as the kernel prints it (escapes decoded); the kernel appends
 *                 {@code " (deleted)"} to a swap file that was unlinked while active
 * @param type     {@code "partition"} for a block device, {@code "file"} for a regular file
 */
public record SwapArea(String fileName, String type) {
    private static final String DELETED = " (deleted)";

    /** The active swap areas listed in {@code procSwaps} (normally {@code /proc/swaps}); none if it is missing. */
    public static List<SwapArea> read(Path procSwaps) {
        String text;
        try {
            text = new String(Files.readAllBytes(procSwaps), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
        List<SwapArea> out = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 1; i < lines.length; i++) { // line 0 is the header
            String[] f = lines[i].strip().split("\\s+");
            if (f.length >= 2) {
                out.add(new SwapArea(MountTable.unescape(f[0]), f[1]));
            }
        }
        return out;
    }

    public boolean isDevice() {
        return type.equals("partition");
    }

    /** The path that still names the swap file or device; empty if it was deleted. */
    public Optional<Path> path() {
        return fileName.endsWith(DELETED) ? Optional.empty() : Optional.of(Path.of(fileName));
    }
}
