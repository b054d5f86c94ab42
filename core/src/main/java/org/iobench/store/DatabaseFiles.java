package org.iobench.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The files a SQLite database is made of: the database file and the ones SQLite keeps beside it ({@code -wal},
 * {@code -shm}, {@code -journal}). Results are data: nothing iobench writes on the user's behalf (an output file, a
 * job's target) may be one of them, whatever the consent.
 */
public final class DatabaseFiles {
    private static final byte[] HEADER = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final List<String> COMPANIONS = List.of("-wal", "-shm", "-journal");

    private DatabaseFiles() {}

    /**
     * The SQLite database {@code path} belongs to (links followed): {@code path} itself when it starts with SQLite's
     * header, or the database beside it when {@code path} is its write-ahead log, shared-memory index or rollback
     * journal; empty otherwise (a missing or unreadable file included).
     */
    public static Optional<Path> databaseOf(Path path) {
        if (isDatabase(path)) {
            return Optional.of(path);
        }
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        for (String suffix : COMPANIONS) {
            if (name.endsWith(suffix) && name.length() > suffix.length()) {
                Path db = path.resolveSibling(name.substring(0, name.length() - suffix.length()));
                if (isDatabase(db)) {
                    return Optional.of(db);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Whether {@code path} is {@code database} or one of its companion files, by name (links followed where they
     * exist): a database not created yet is still its path.
     */
    public static boolean belongsTo(Path path, Path database) {
        Path p = real(path);
        Path db = real(database);
        if (p.equals(db)) {
            return true;
        }
        try {
            if (Files.exists(p) && Files.exists(db) && Files.isSameFile(p, db)) {
                return true; // a hard link
            }
        } catch (IOException e) {
            // unreadable: the names decide
        }
        return COMPANIONS.stream().anyMatch(s -> p.equals(db.resolveSibling(db.getFileName() + s)));
    }

    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (IOException e) {
            Path parent = abs.getParent();
            try {
                return parent == null ? abs : parent.toRealPath().resolve(abs.getFileName());
            } catch (IOException again) {
                return abs;
            }
        }
    }

    private static boolean isDatabase(Path path) {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(path)) {
            return Arrays.equals(in.readNBytes(HEADER.length), HEADER);
        } catch (IOException e) {
            return false;
        }
    }
}
