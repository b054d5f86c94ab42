package org.iobench.sys;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The hot-path system calls of one worker thread: {@code pread}, {@code pwrite}, {@code fdatasync}, {@code fsync},
 * and the calls of fio's other directions ({@code ftruncate}, {@code fallocate}, {@code ioctl(BLKDISCARD)}).
 *
 * <p>Each call returns the kernel's answer in the kernel's convention: a byte count or 0 on success, or
 * {@code -errno} on failure. Nothing is thrown and nothing is allocated per call, so a failure can be stored on the
 * request that caused it. An instance owns one errno capture segment: use it from one thread at a time.
 */
public final class NativeIo {
    static {
        prelink();
    }

    /** {@code BLKDISCARD} = {@code _IO(0x12, 119)} ({@code <linux/fs.h>}): discard a byte range of a block device. */
    static final long BLKDISCARD = 0x1277L;

    private final MemorySegment capture = Arena.ofAuto().allocate(Libc.CAPTURE_LAYOUT);
    /** {@code uint64_t range[2]} ({@code offset, length}) for {@link #discard}, reused by every call. */
    private final MemorySegment range = Arena.ofAuto().allocate(16, 8);

    /**
     * Calls each hot-path function once on an invalid descriptor (EBADF, nothing happens), so that linking the
     * downcall stubs, which takes milliseconds, happens before any clock starts rather than in the first request.
     */
    private static void prelink() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(Libc.CAPTURE_LAYOUT);
            MemorySegment buf = arena.allocate(8);
            long r = (long) Libc.Pread.PREAD.invokeExact(capture, -1, buf, 8L, 0L);
            r += (long) Libc.Pwrite.PWRITE.invokeExact(capture, -1, buf, 8L, 0L);
            int s = (int) Libc.Fdatasync.FDATASYNC.invokeExact(capture, -1);
            s += (int) Libc.Fsync.FSYNC.invokeExact(capture, -1);
            assert r < 0 && s < 0;
        } catch (Throwable t) {
            throw new ExceptionInInitializerError(t);
        }
    }

    /** Reads up to {@code length} bytes at file {@code offset} into {@code buffer} from {@code bufferOffset}. */
    public long pread(int fd, NativeBuffer buffer, long bufferOffset, long length, long offset) {
        MemorySegment target = buffer.slice(bufferOffset, length);
        try {
            long n = (long) Libc.Pread.PREAD.invokeExact(capture, fd, target, length, offset);
            return n >= 0 ? n : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("pread downcall failed", t);
        }
    }

    /** Writes {@code length} bytes of {@code buffer} from {@code bufferOffset} at file {@code offset}. */
    public long pwrite(int fd, NativeBuffer buffer, long bufferOffset, long length, long offset) {
        MemorySegment source = buffer.slice(bufferOffset, length);
        try {
            long n = (long) Libc.Pwrite.PWRITE.invokeExact(capture, fd, source, length, offset);
            return n >= 0 ? n : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("pwrite downcall failed", t);
        }
    }

    /** {@code fdatasync(fd)}: 0 or {@code -errno}. */
    public int fdatasync(int fd) {
        try {
            int rc = (int) Libc.Fdatasync.FDATASYNC.invokeExact(capture, fd);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("fdatasync downcall failed", t);
        }
    }

    /** {@code ftruncate(fd, length)} on the hot path (fio's ftruncate engine): 0 or {@code -errno}. */
    public int ftruncate(int fd, long length) {
        try {
            int rc = (int) Libc.Ftruncate.FTRUNCATE.invokeExact(capture, fd, length);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("ftruncate downcall failed", t);
        }
    }

    /** {@code fallocate(fd, mode, offset, length)} on the hot path (fio's falloc engine): 0 or {@code -errno}. */
    public int fallocate(int fd, int mode, long offset, long length) {
        try {
            int rc = (int) Libc.Fallocate.FALLOCATE.invokeExact(capture, fd, mode, offset, length);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("fallocate downcall failed", t);
        }
    }

    /**
     * {@code ioctl(fd, BLKDISCARD, {offset, length})}: tells a block device that the bytes are no longer needed, as
     * fio's trims do on its synchronous engines. Both values in bytes, aligned to the device's logical block size
     * (else EINVAL); on a regular file the kernel answers ENOTTY.
     *
     * @return 0 or {@code -errno}
     */
    public int discard(int fd, long offset, long length) {
        range.set(ValueLayout.JAVA_LONG, 0, offset);
        range.set(ValueLayout.JAVA_LONG, 8, length);
        try {
            int rc = (int) Libc.Ioctl.IOCTL.invokeExact(capture, fd, BLKDISCARD, range);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("ioctl(BLKDISCARD) downcall failed", t);
        }
    }

    /** {@code fsync(fd)}: 0 or {@code -errno}. */
    public int fsync(int fd) {
        try {
            int rc = (int) Libc.Fsync.FSYNC.invokeExact(capture, fd);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("fsync downcall failed", t);
        }
    }
}
