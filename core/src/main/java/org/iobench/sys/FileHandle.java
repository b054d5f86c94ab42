package org.iobench.sys;

import java.nio.file.Path;

/**
 * One open file descriptor, owned: made by {@link #open}, closed once by {@link #close}. Every call on it is checked:
 * a failure throws {@link SysException} naming the call, the path and the errno; close's own error (a write-back
 * error reported at close, as NFS does) is thrown too, not dropped.
 *
 * <pre>{@code
 * try (FileHandle f = FileHandle.open(path, OpenFlags.O_RDWR, 0)) {
 *     f.truncate(0);
 *     engine-level I/O on f.fd() ...
 * }                                       // close(2), checked
 * }</pre>
 *
 * <p>Not thread-safe for {@link #close}: the owner closes it after every user of {@link #fd()} is done.
 */
public final class FileHandle implements AutoCloseable {
    private final Path path;
    private int fd;

    private FileHandle(Path path, int fd) {
        this.path = path;
        this.fd = fd;
    }

    /**
     * Opens {@code path} with {@code flags} (see {@link OpenFlags}; {@code O_CLOEXEC} is always added) and
     * {@code mode} for a file it creates.
     *
     * @throws SysException with the errno when open fails
     */
    public static FileHandle open(Path path, int flags, int mode) throws SysException {
        return new FileHandle(path, Libc.open(path, flags, mode));
    }

    /** The descriptor, for system calls made by engines and by {@code sys}; -1 once closed. */
    public int fd() {
        return fd;
    }

    public boolean isOpen() {
        return fd >= 0;
    }

    /** The file this descriptor refers to (device and inode), from {@code statx}. */
    public FileId id() throws SysException {
        return FileId.of(openFd("statx"), path);
    }

    /** {@code ftruncate(fd, length)}. */
    public void truncate(long length) throws SysException {
        check(Libc.ftruncate(openFd("ftruncate"), length), "ftruncate");
    }

    /** {@code fallocate(2)}'s mode bit: keep the file's size ({@code FALLOC_FL_KEEP_SIZE}). */
    public static final int FALLOC_KEEP_SIZE = 0x01;
    /** {@code fallocate(2)}'s mode bit: deallocate the range ({@code FALLOC_FL_PUNCH_HOLE}, with KEEP_SIZE). */
    public static final int FALLOC_PUNCH_HOLE = 0x02;

    /** {@code fallocate(fd, mode, offset, length)}: mode 0 allocates and extends the file, as fio's native mode. */
    public void allocate(int mode, long offset, long length) throws SysException {
        check(Libc.fallocate(openFd("fallocate"), mode, offset, length), "fallocate");
    }

    /**
     * {@code posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)}: the kernel drops the file's clean cached pages; dirty
     * ones stay until written back, so sync first to drop everything.
     */
    public void dropCache() throws SysException {
        check(Libc.fadvise(openFd("posix_fadvise"), 0, 0, Libc.POSIX_FADV_DONTNEED), "posix_fadvise(DONTNEED)");
    }

    /**
     * {@code posix_fadvise(fd, offset, length, POSIX_FADV_RANDOM or POSIX_FADV_SEQUENTIAL)}: how the file will be
     * read, so the kernel reads ahead accordingly (Linux: none for random, twice the device's window for sequential;
     * both for the whole open file, whatever the range).
     *
     * @return 0, or {@code -errno} (a pipe's {@code ESPIPE}): the advice is only advice, so the caller decides
     */
    public int adviseAccess(boolean random, long offset, long length) {
        return fd < 0 ? -Errno.EBADF : Libc.fadvise(fd, offset, length,
                random ? Libc.POSIX_FADV_RANDOM : Libc.POSIX_FADV_SEQUENTIAL);
    }

    /** The file's page-cache state from {@code cachestat(2)}; null where the kernel or the file has none. */
    public PageCacheStat cacheStat() {
        return fd < 0 ? null : PageCacheStat.of(fd);
    }

    /**
     * {@code flock(fd, LOCK_SH or LOCK_EX | LOCK_NB)}: takes, or converts to, a shared or exclusive lock without
     * waiting.
     *
     * @return false when another open file description holds a conflicting lock ({@code EWOULDBLOCK})
     * @throws SysException for any other failure
     */
    boolean tryLock(boolean exclusive) throws SysException {
        int rc = Flock.tryLock(openFd("flock"), exclusive ? Flock.LOCK_EX : Flock.LOCK_SH);
        if (rc == -Errno.EAGAIN) {
            return false;
        }
        check(rc, "flock");
        return true;
    }

    /**
     * Closes the descriptor; a second call does nothing. The descriptor is gone even when close reports an error
     * (Linux frees it first), so the error is thrown once and never retried.
     */
    @Override
    public void close() throws SysException {
        int f = fd;
        if (f < 0) {
            return;
        }
        fd = -1;
        check(Libc.close(f), "close");
    }

    /** Closes it, reporting a failure nowhere: for clean-up after another error, which is the one to report. */
    public void closeQuietly() {
        try {
            close();
        } catch (SysException ignored) {
            // the caller is already reporting an earlier failure
        }
    }

    private int openFd(String call) throws SysException {
        if (fd < 0) {
            throw new SysException(call, path + " (already closed)", Errno.EBADF);
        }
        return fd;
    }

    /** Throws for {@code rc} in sys's convention: 0 (or a count) on success, {@code -errno} on failure. */
    private void check(long rc, String call) throws SysException {
        if (rc < 0) {
            throw new SysException(call, path.toString(), (int) -rc);
        }
    }

    @Override
    public String toString() {
        return path + (fd >= 0 ? " (fd " + fd + ")" : " (closed)");
    }
}
