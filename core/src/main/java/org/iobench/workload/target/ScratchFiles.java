package org.iobench.workload.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Files iobench created and must remove. Normal paths remove them in {@code finally}; a shutdown hook catches
 * the rest (SIGTERM, an unexpected error), so a scratch file never outlives the process that made it.
 */
public final class ScratchFiles {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ScratchFiles::removeAll, "iobench-scratch-cleanup"));
    }

    private ScratchFiles() {}

    public static void register(Path file) {
        LIVE.add(file);
    }

    /** Removes {@code file} now and forgets it. */
    public static void remove(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            System.err.println("iobench: could not remove scratch file " + file + ": " + e.getMessage());
        }
        LIVE.remove(file);
    }

    /** Keeps {@code file}: the user asked for it ({@code --keep}). */
    static void release(Path file) {
        LIVE.remove(file);
    }

    static void removeAll() {
        for (Path p : LIVE.toArray(Path[]::new)) {
            remove(p);
        }
    }
}
