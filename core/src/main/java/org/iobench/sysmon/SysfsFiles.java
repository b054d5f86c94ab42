package org.iobench.sysmon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Small tolerant readers for one-value sysfs/procfs files: a missing or unreadable file is "absent", not an error. */
final class SysfsFiles {

    private SysfsFiles() {
    }

    static Optional<String> readTrimmed(Path file) {
        try {
            return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).strip());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    static OptionalLong readLong(Path file) {
        Optional<String> s = readTrimmed(file);
        if (s.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(s.get()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** Names of the entries of {@code dir}, sorted; empty if it does not exist. */
    static List<String> list(Path dir) {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return names;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        names.sort(null);
        return names;
    }
}
