package org.iobench.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * What makes a file that file: the device its filesystem lives on and its inode number, as {@code statx(2)} reports
 * them. Two paths (hard links, bind mounts) or an open descriptor and a path name the same file exactly when their
 * ids are equal; a file replaced under the same name (deleted and created again, renamed over) has a new id.
 *
 * <p>{@code struct statx} has one layout on every architecture, unlike {@code struct stat}.
 *
 * @param devMajor major number of the device holding the file ({@code stx_dev_major})
 * @param devMinor minor number of that device ({@code stx_dev_minor})
 * @param inode    inode number ({@code stx_ino})
 * @param mode     file type and permission bits ({@code stx_mode}, as in {@code st_mode})
 */
public record FileId(int devMajor, int devMinor, long inode, int mode) {
    private static final int AT_FDCWD = -100;
    private static final int AT_SYMLINK_NOFOLLOW = 0x100;
    private static final int AT_EMPTY_PATH = 0x1000;
    private static final int STATX_TYPE = 0x1;
    private static final int STATX_MODE = 0x2;
    private static final int STATX_INO = 0x100;
    private static final int STATX_SIZE_BYTES = 256;
    private static final long OFFSET_MODE = 28;
    private static final long OFFSET_INO = 32;
    private static final long OFFSET_DEV_MAJOR = 136;
    private static final long OFFSET_DEV_MINOR = 140;

    private static final MethodHandle STATX = Libc.errnoCall("statx",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS));

    /** The file {@code fd} refers to; {@code path} names it in an error ({@link FileHandle#id()}). */
    static FileId of(int fd, Path path) throws SysException {
        return statx(fd, "", AT_EMPTY_PATH, path + " (fd " + fd + ")");
    }

    /** The file at {@code path} itself: a symbolic link is not followed (it is a file of its own). */
    public static FileId ofLink(Path path) throws SysException {
        return statx(AT_FDCWD, path.toString(), AT_SYMLINK_NOFOLLOW, path.toString());
    }

    /** The file {@code path} names, following symbolic links as {@code open(2)} does. */
    public static FileId of(Path path) throws SysException {
        return statx(AT_FDCWD, path.toString(), 0, path.toString());
    }

    /** True when {@code other} is the same file: same device and inode (the mode may have changed). */
    public boolean sameFile(FileId other) {
        return other != null && devMajor == other.devMajor && devMinor == other.devMinor && inode == other.inode;
    }

    private static FileId statx(int dirfd, String path, int flags, String what) throws SysException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(Libc.CAPTURE_LAYOUT);
            MemorySegment cPath = arena.allocateFrom(path);
            MemorySegment buf = arena.allocate(STATX_SIZE_BYTES, 8);
            int rc = (int) STATX.invokeExact(capture, dirfd, cPath, flags, STATX_TYPE | STATX_MODE | STATX_INO, buf);
            if (rc != 0) {
                throw new SysException("statx", what, Libc.errno(capture));
            }
            return new FileId(buf.get(JAVA_INT, OFFSET_DEV_MAJOR), buf.get(JAVA_INT, OFFSET_DEV_MINOR),
                    buf.get(JAVA_LONG, OFFSET_INO), Short.toUnsignedInt(buf.get(JAVA_SHORT, OFFSET_MODE)));
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("statx downcall failed", t);
        }
    }

    @Override
    public String toString() {
        return devMajor + ":" + devMinor + " inode " + inode;
    }
}
