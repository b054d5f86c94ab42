package org.iobench.sys;

import java.nio.file.Path;

/**
 * A file opened only to hold a claim on it, never for I/O: an advisory {@code flock} (shared or exclusive), or for a
 * block device the kernel's exclusive open ({@code O_EXCL}), which fails with EBUSY while a filesystem, swap,
 * device-mapper or another exclusive opener holds it. Both claims end when it is {@link #close closed} (or the process
 * dies). It answers what file it holds ({@link #id()}), so a caller can tell a replaced file from the one it checked.
 *
 * <pre>{@code
 * try (FileLock lock = FileLock.open(path)) {
 *     if (!lock.tryLock(true)) { ... another process holds it ... }
 *     ...
 * }
 * }</pre>
 */
public final class FileLock implements AutoCloseable {
    private final FileHandle handle;

    private FileLock(FileHandle handle) {
        this.handle = handle;
    }

    /** Opens {@code path} for its locks: read-only, or write-only where reading is not permitted (EACCES). */
    public static FileLock open(Path path) throws SysException {
        try {
            return new FileLock(FileHandle.open(path, OpenFlags.O_RDONLY, 0));
        } catch (SysException e) {
            if (e.errno() != Errno.EACCES) {
                throw e;
            }
            return new FileLock(FileHandle.open(path, OpenFlags.O_WRONLY, 0));
        }
    }

    /**
     * Opens block device {@code path} exclusively ({@code O_RDONLY | O_EXCL}): held, nobody else may open it
     * exclusively or mount it.
     *
     * @throws SysException EBUSY when something else holds it
     */
    public static FileLock openExclusive(Path path) throws SysException {
        return new FileLock(FileHandle.open(path, OpenFlags.O_RDONLY | OpenFlags.O_EXCL, 0));
    }

    /** The file it holds. */
    public FileId id() throws SysException {
        return handle.id();
    }

    /**
     * Takes, or converts to, a shared or an exclusive {@code flock} without waiting.
     *
     * @return false when another open file description holds a conflicting lock
     */
    public boolean tryLock(boolean exclusive) throws SysException {
        return handle.tryLock(exclusive);
    }

    /** Closes it, which drops its locks. */
    @Override
    public void close() throws SysException {
        handle.close();
    }

    /** Closes it, ignoring close's error: a lock-only descriptor has no data whose write-back could fail. */
    public void release() {
        handle.closeQuietly();
    }
}
