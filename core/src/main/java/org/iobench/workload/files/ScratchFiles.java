package org.iobench.workload.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.iobench.sys.FileId;
import org.iobench.sys.SysException;

/**
 * Files iobench created and must remove. Normal paths remove them in {@code finally}; a shutdown hook catches
 * the rest (SIGTERM, an unexpected error), so a scratch file never outlives the process that made it.
 *
 * <p>A scratch file is removed only while it is still the file iobench created: same device and inode as when it
 * was made. If something replaced it under the same name during the run (renamed another file over it, deleted
 * and re-created it), the replacement is left alone and a note says so. A path registered before anything is
 * created there (a suite's scratch name) is removed only once iobench has created the file.
 *
 * <pre>{@code
 * ScratchFiles.register(path);           // removed at exit if iobench creates it
 * IoFile f = engine.open(path, OpenMode.CREATE_NEW);
 * ScratchFiles.created(path, f.id());
 * ...
 * ScratchFiles.remove(path);             // unlinks it if it is still that file
 * }</pre>
 */
public final class ScratchFiles {
    /** Paths a command (a suite) will remove at its end, whichever job creates them. */
    private static final Set<Path> REGISTERED = ConcurrentHashMap.newKeySet();
    /** Files a job created and will remove at its end unless kept. */
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static final Map<Path, FileId> CREATED = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ScratchFiles::removeAll, "iobench-scratch-cleanup"));
    }

    private ScratchFiles() {}

    /** Marks {@code file} for removal at the end (or at exit), once iobench has {@link #created created} it. */
    public static void register(Path file) {
        REGISTERED.add(key(file));
    }

    /**
     * Records that iobench created {@code file} as {@code id}, and marks it for removal. Public for a command that
     * makes an input file itself (kernel-dd's net1 source, written before the suite's jobs).
     */
    public static void created(Path file, FileId id) {
        CREATED.put(key(file), id);
        LIVE.add(key(file));
    }

    /** The identity iobench gave {@code file} when it created it, or null if iobench did not create it. */
    static FileId createdAs(Path file) {
        return CREATED.get(key(file));
    }

    /**
     * Removes {@code file} now if it is still the file iobench created, and forgets it. A replaced file is kept and
     * reported on stderr; a file already gone is nothing to do.
     */
    public static void remove(Path file) {
        Path k = key(file);
        FileId mine = CREATED.get(k);
        try {
            if (mine == null) {
                return; // never created by iobench: nothing of ours to remove
            }
            FileId now;
            try {
                now = FileId.ofLink(k);
            } catch (SysException e) {
                // gone from its path: its directory renamed or the file moved or deleted by someone else; it may
                // live on elsewhere, so it is named, never looked for
                System.err.println("iobench: could not remove scratch file " + file + " (" + mine + "): it is no"
                        + " longer there (" + e.getMessage() + "); if its directory was renamed or the file moved,"
                        + " it is iobench's and safe to delete (find MOUNT -xdev -inum " + mine.inode() + ")");
                return;
            }
            if (!now.sameFile(mine)) {
                System.err.println("iobench: left " + file + " in place: it is no longer the scratch file iobench"
                        + " created (" + mine + "), another file (" + now + ") replaced it during the run");
                return;
            }
            Files.deleteIfExists(k);
        } catch (IOException e) {
            System.err.println("iobench: could not remove scratch file " + file + ": " + e.getMessage());
        } finally {
            REGISTERED.remove(k);
            LIVE.remove(k);
            CREATED.remove(k);
        }
    }

    /**
     * Keeps {@code file} past its job: the user asked for it ({@code --keep}), or a later job of a suite still needs
     * it (the suite {@link #register registered} it and removes it at its end).
     */
    static void release(Path file) {
        LIVE.remove(key(file));
    }

    static void removeAll() {
        Set<Path> all = new HashSet<>(LIVE);
        all.addAll(REGISTERED);
        all.forEach(ScratchFiles::remove);
    }

    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }
}
