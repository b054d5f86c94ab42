package org.iobench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's count of bytes this process passed to read and write system calls ({@code rchar}, {@code wchar} of
 * {@code /proc/self/io}): the reference for iobench's accounting self-check.
 */
public record ProcessIo(long rchar, long wchar) {
    private static final Path SELF_IO = Path.of("/proc/self/io");

    /** Reads {@code /proc/self/io}; {@code null} where it is not available (some containers hide it). */
    public static ProcessIo read() {
        try {
            return parse(Files.readString(SELF_IO));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static ProcessIo parse(String text) {
        long r = -1;
        long w = -1;
        for (String line : text.split("\n")) {
            if (line.startsWith("rchar:")) {
                r = Long.parseLong(line.substring(6).trim());
            } else if (line.startsWith("wchar:")) {
                w = Long.parseLong(line.substring(6).trim());
            }
        }
        if (r < 0 || w < 0) {
            throw new IllegalArgumentException("no rchar/wchar in /proc/self/io");
        }
        return new ProcessIo(r, w);
    }
}
