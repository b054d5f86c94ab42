package org.iobench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.iobench.session.ExitException;
import org.iobench.session.IoReasons;
import org.iobench.session.OwnFiles;
import org.iobench.session.ResultFile;
import org.iobench.store.DatabaseFiles;

/**
 * A file a command writes on the user's behalf ({@code --json FILE}, {@code -o FILE}): a regular file, or
 * {@code -} for standard output. Every command goes through this class, so the rules are the same everywhere:
 * <ul>
 *   <li>{@link #check} runs before any work: a device, a directory, a FIFO or socket, a path on a kernel
 *       filesystem ({@code /proc}, {@code /sys}, {@code /dev}) is refused, and so is a missing or unwritable
 *       directory (probed by creating and removing a file in it) — exit 2 with one line naming the option, the
 *       path and the reason;</li>
 *   <li>an existing file is replaced only with {@code --force} (else exit 2 before anything runs);</li>
 *   <li>{@link #write} writes a temporary file beside the target, syncs it and renames it into place, so a crash or
 *       a full disk never leaves half a file; a replaced file keeps its permissions. A symbolic link to a regular
 *       file is followed: the file it points at is replaced, the link stays.</li>
 * </ul>
 */
final class OutputFile implements ResultFile {
    static final String STDOUT = "-";
    private static final Set<String> KERNEL_FILESYSTEMS = Set.of("proc", "sysfs", "devtmpfs", "devpts", "debugfs",
            "tracefs", "securityfs", "cgroup", "cgroup2", "configfs", "bpf", "pstore", "efivarfs", "mqueue",
            "fusectl", "binfmt_misc", "hugetlbfs", "autofs", "rpc_pipefs", "nsfs");

    /** Names of open descriptors: writing there is not writing a file (and a rename would not reach them). */
    private static final List<Path> DESCRIPTORS = List.of(Path.of("/dev/stdout"),
            Path.of("/dev/stderr"), Path.of("/dev/stdin"), Path.of("/dev/fd"), Path.of("/proc/self/fd"));

    private final String option;
    private final Path given;
    private final Path file; // the regular file written (links followed); null for standard output
    private final boolean force;

    private OutputFile(String option, Path given, Path file, boolean force) {
        this.option = option;
        this.given = given;
        this.file = file;
        this.force = force;
    }

    /**
     * Checks that {@code path} can be written when the work is done.
     *
     * @param option the option's name for messages ({@code --json})
     * @param force  whether an existing file may be replaced
     * @throws ExitException status 2, one line naming option, path and reason
     */
    static OutputFile check(String option, Path path, boolean force) {
        if (path.toString().equals(STDOUT)) {
            return new OutputFile(option, path, null, force);
        }
        if (path.toString().isBlank()) {
            throw refused(option, path, "is empty; give a file name, or - for standard output");
        }
        Path abs = path.toAbsolutePath();
        if (DESCRIPTORS.stream().anyMatch(abs.normalize()::startsWith)) {
            throw refused(option, path, "names a file descriptor; use - for standard output");
        }
        Path file = abs;
        if (Files.isSymbolicLink(abs)) {
            if (!Files.exists(abs)) {
                throw refused(option, path, "is a symbolic link to a missing file");
            }
            try {
                file = abs.toRealPath();
            } catch (IOException e) {
                String kind = FileKind.special(abs);
                throw refused(option, path, kind != null ? "leads to " + kind + "; only a regular file or -"
                        + " (standard output) is written" : IoReasons.reason(e));
            }
        }
        boolean exists = Files.exists(file);
        String kind = exists ? FileKind.special(file) : null;
        if (kind != null) {
            throw refused(option, path, "is " + kind + "; only a regular file or - (standard output) is written");
        }
        refuseKernelFilesystem(option, path, file);
        refuseDatabaseFile(option, path, file);
        if (exists) {
            if (!force) {
                throw refused(option, path, "exists; add --force to replace it");
            }
            if (!Files.isWritable(file)) {
                throw refused(option, path, "permission denied");
            }
        }
        Path dir = file.getParent();
        if (!Files.isDirectory(dir)) {
            throw refused(option, path, Files.exists(dir) ? dir + " is not a directory"
                    : "the directory " + dir + " does not exist");
        }
        probe(option, path, dir);
        return new OutputFile(option, path, file, force);
    }

    /**
     * Refuses this output when it is {@code database} or a file SQLite keeps beside it, which may not exist yet
     * ({@code run --db F -o F}); {@code named} says which database it is (status 2).
     */
    void refuseDatabase(Path database, String named) {
        if (file != null && DatabaseFiles.belongsTo(file, database)) {
            throw refused(option, given, "is " + named + "; results are data: no output replaces them, --force or"
                    + " not");
        }
    }

    /** An existing SQLite database (or its journal) is never replaced by an output, whatever {@code --force}. */
    private static void refuseDatabaseFile(String option, Path path, Path file) {
        DatabaseFiles.databaseOf(file).ifPresent(db -> {
            throw refused(option, path, (db.equals(file) ? "is a SQLite database" : "belongs to the SQLite database "
                    + db) + "; results are data: no output replaces them, --force or not");
        });
    }

    /** A job's target is not a result file: refuses {@code target} when it is this file (status 2). */
    @Override
    public void refuseTarget(Path target) {
        if (file != null && target.toAbsolutePath().normalize().equals(file.normalize())) {
            throw refused(option, given, "is also the job's target");
        }
    }

    @Override
    public boolean toStdout() {
        return file == null;
    }

    /** The path as given on the command line. */
    Path path() {
        return given;
    }

    /** Writes {@code text} to the file (nothing for {@code -}: standard output has it already). */
    @Override
    public void write(String text) throws IOException {
        if (file != null) {
            write(text, null);
        }
    }

    /**
     * Writes {@code text} (UTF-8) to the file, or to {@code stdout} for {@code -}.
     *
     * @throws IOException one line naming the option and the file: the run's results must then be kept elsewhere
     */
    void write(String text, PrintWriter stdout) throws IOException {
        if (file == null) {
            stdout.print(text);
            stdout.flush();
            return;
        }
        Path dir = file.getParent();
        // as mkstemp: a random name, created O_CREAT|O_EXCL|O_NOFOLLOW mode 0600, so a file or link planted in a
        // shared directory is never written; renamed, and removed on failure, only while it is still that inode
        Path temp = OwnFiles.unpredictable(dir, "." + file.getFileName() + ".iobench-", ".tmp");
        Object made = null;
        try {
            Set<PosixFilePermission> mode = Files.exists(file) ? Files.getPosixFilePermissions(file) : null;
            try (FileChannel ch = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                made = identity(temp);
                ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    ch.write(bytes);
                }
                ch.force(true);
            }
            if (!made.equals(identity(temp))) {
                throw new FileSystemException(temp.toString(), null, "was replaced while iobench wrote it");
            }
            if (mode != null) {
                Files.setPosixFilePermissions(temp, mode);
            }
            if (DatabaseFiles.databaseOf(file).isPresent()) {
                throw new FileAlreadyExistsException(file.toString(), null, "became a SQLite database while iobench"
                        + " ran; results are data: no output replaces them");
            }
            if (!force && Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(file.toString(), null, "appeared while iobench ran;"
                        + " add --force to replace it");
            }
            move(temp, file);
            syncDirectory(dir);
        } catch (IOException e) {
            removeIfStill(temp, made);
            throw new IOException(option + " " + given + ": cannot write: " + reason(e), e);
        }
    }

    /** The file's device and inode ({@code fileKey}), a link not followed; null when nothing is there. */
    private static Object identity(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    private static void removeIfStill(Path temp, Object made) throws IOException {
        if (made != null && made.equals(identity(temp))) {
            Files.deleteIfExists(temp);
        }
    }

    private static void move(Path temp, Path file) throws IOException {
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Makes the rename durable; best effort (some filesystems cannot sync a directory). */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // the file itself is synced; only the rename's durability is left to the filesystem
        }
    }

    private static String reason(IOException e) {
        return e instanceof FileAlreadyExistsException f && f.getReason() != null ? "it " + f.getReason()
                : IoReasons.reason(e);
    }

    /** Creates and removes a file beside the target: finds a read-only filesystem, EACCES, no inodes, now. */
    private static void probe(String option, Path path, Path dir) {
        try {
            OwnFiles.probe(dir);
        } catch (IOException e) {
            throw refused(option, path, "cannot create a file in " + dir + ": " + IoReasons.reason(e));
        }
    }

    private static void refuseKernelFilesystem(String option, Path path, Path file) {
        Path existing = file;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        try {
            String type = Files.getFileStore(existing).type();
            if (KERNEL_FILESYSTEMS.contains(type)) {
                throw refused(option, path, "is on the kernel's " + type + " filesystem, not a place for a result"
                        + " file");
            }
        } catch (IOException e) {
            // no mount entry to judge by; the checks that follow still apply
        }
    }

    private static ExitException refused(String option, Path path, String why) {
        return ExitException.usage(option + " " + path + ": " + why);
    }
}
