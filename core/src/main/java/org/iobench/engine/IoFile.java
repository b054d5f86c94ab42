package org.iobench.engine;

import java.io.IOException;
import java.nio.file.Path;
import org.iobench.sys.Errno;
import org.iobench.sys.FileHandle;
import org.iobench.sys.FileId;
import org.iobench.sys.PageCacheStat;
import org.iobench.sys.SysException;

/**
 * A file an engine opened for requests, like fio's {@code fio_file}: {@link IoEngine#open} makes it,
 * {@link IoEngine#close(IoFile)} ends it, and {@link IoRequest#prepare requests} name it. It owns its descriptor
 * through a {@link FileHandle}; an engine that stores nothing ({@code null}) makes one without a descriptor.
 *
 * <p>Outside the engines, a file is known by its path, what it is ({@link #id()}) and what it holds unwritten
 * ({@link #unwrittenPages()}); its descriptor ({@link #fd()}) is for engines only.
 */
public final class IoFile {
    private final Path path;
    private final FileHandle handle;

    private IoFile(Path path, FileHandle handle) {
        this.path = path;
        this.handle = handle;
    }

    /** Opens {@code path} as {@code mode} says: the generic open of every engine that does real I/O. */
    public static IoFile open(Path path, OpenMode mode) throws SysException {
        return new IoFile(path, FileHandle.open(path, mode.flags(), mode.createMode()));
    }

    /** A file that is named but never opened, for an engine that does no I/O on it. */
    public static IoFile unopened(Path path) {
        return new IoFile(path, null);
    }

    public Path path() {
        return path;
    }

    /** The descriptor the engine does I/O on; -1 for a file that was never opened or is closed. For engines. */
    public int fd() {
        return handle == null ? -1 : handle.fd();
    }

    /** True while it holds a descriptor. */
    public boolean isOpen() {
        return handle != null && handle.isOpen();
    }

    /**
     * What file it is (device and inode): a caller that checked or created a file compares this to tell it from one
     * that replaced it under the same name.
     *
     * @throws IOException for a file that was never opened, or when statx fails
     */
    public FileId id() throws IOException {
        if (handle == null) {
            throw new IOException(path + ": not opened by this engine, so it has no identity to check");
        }
        return handle.id();
    }

    /** Cuts or extends the file to {@code lengthBytes} ({@code ftruncate}); a set-up step before a run. */
    public void truncate(long lengthBytes) throws IOException {
        if (handle != null) {
            handle.truncate(lengthBytes);
        }
    }

    /**
     * Reserves {@code lengthBytes} from the start for the file ({@code fallocate}, mode 0: allocated and the size
     * extended, or with {@code keepSize} the size left), a set-up step as fio's {@code fallocate} option does before a
     * job writes a new file. A filesystem without fallocate (EOPNOTSUPP) leaves the file as it is, as fio does.
     */
    public void preallocate(long lengthBytes, boolean keepSize) throws IOException {
        if (handle == null) {
            return;
        }
        try {
            handle.allocate(keepSize ? FileHandle.FALLOC_KEEP_SIZE : 0, 0, lengthBytes);
        } catch (SysException e) {
            if (e.errno() != Errno.EOPNOTSUPP) {
                throw e;
            }
        }
    }

    /** Pages of the file not yet on the device (dirty or under writeback), from cachestat(2); -1 where unknown. */
    public long unwrittenPages() {
        PageCacheStat s = handle == null ? null : handle.cacheStat();
        return s == null ? -1 : s.unwrittenPages();
    }

    /**
     * {@code posix_fadvise(DONTNEED)} on the file: the generic {@link IoEngine#invalidate}. For engines.
     */
    public void dropCache() throws SysException {
        if (handle != null) {
            handle.dropCache();
        }
    }

    /**
     * {@code posix_fadvise} of how the file will be read ({@code random}: POSIX_FADV_RANDOM, else
     * POSIX_FADV_SEQUENTIAL) over {@code length} bytes from {@code offset}: the generic {@link IoEngine#adviseAccess}.
     * For engines.
     *
     * @return 0, or {@code -errno}; a file with no descriptor takes no advice and answers 0
     */
    public int adviseAccess(boolean random, long offset, long length) {
        return handle == null ? 0 : handle.adviseAccess(random, offset, length);
    }

    /** Closes the descriptor, reporting close's error: the generic {@link IoEngine#close(IoFile)}. For engines. */
    public void closeHandle() throws SysException {
        if (handle != null) {
            handle.close();
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
