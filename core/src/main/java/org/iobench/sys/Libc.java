package org.iobench.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;

/**
 * Downcall handles to libc, and the set-up calls (open, close, ftruncate, fadvise) that are not on a worker's hot
 * path; {@link FileHandle} is their public face.
 *
 * <p>Calls that set {@code errno} are linked with {@code captureCallState("errno")}: the first argument is a
 * capture segment, read after the call. Status results follow the package's convention (package-info): 0 on
 * success, {@code -errno} on failure. The hot-path calls ({@code pread}, {@code pwrite}, {@code fdatasync}) live in
 * {@link NativeIo}, which keeps one capture segment per instance (one instance per worker thread).
 */
public final class Libc {
    static final Linker LINKER = Linker.nativeLinker();
    static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
    static final VarHandle ERRNO =
            CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    // Each handle is linked when first used (a holder class per call): linking makes a downcall stub, a class
    // generated at run time (milliseconds each, and work for the JIT compilers), so a read job pays for no ftruncate,
    // posix_fadvise or strerror. Calls of one descriptor share one stub (pread and pwrite; close and the syncs).
    static final class Open {
        static final MethodHandle OPEN = errnoCall("open",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
    }

    static final class Close {
        static final MethodHandle CLOSE = errnoCall("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    static final class Pread {
        static final MethodHandle PREAD = errnoCall("pread",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    }

    static final class Pwrite {
        static final MethodHandle PWRITE = errnoCall("pwrite",
                FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    }

    static final class Fdatasync {
        static final MethodHandle FDATASYNC = errnoCall("fdatasync", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    static final class Fsync {
        static final MethodHandle FSYNC = errnoCall("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    static final class Ftruncate {
        static final MethodHandle FTRUNCATE = errnoCall("ftruncate",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG));
    }

    static final class Fallocate {
        static final MethodHandle FALLOCATE = errnoCall("fallocate",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
    }

    /** {@code ioctl(fd, request, void *arg)}: variadic after the request, as C declares it. */
    static final class Ioctl {
        static final MethodHandle IOCTL = errnoCall("ioctl",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), Linker.Option.firstVariadicArg(2));
    }

    /** posix_fadvise returns the error number itself and leaves errno alone. */
    private static final class Fadvise {
        static final MethodHandle POSIX_FADVISE = plainCall("posix_fadvise",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    }

    private static final class Isatty {
        static final MethodHandle ISATTY = plainCall("isatty", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    }

    private static final class Strerror {
        static final MethodHandle STRERROR = plainCall("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    static final int POSIX_FADV_RANDOM = 1;
    static final int POSIX_FADV_SEQUENTIAL = 2;
    static final int POSIX_FADV_DONTNEED = 4;

    private Libc() {}

    static MethodHandle errnoCall(String name, FunctionDescriptor fd, Linker.Option... extra) {
        Linker.Option[] options = new Linker.Option[extra.length + 1];
        options[0] = CAPTURE_ERRNO;
        System.arraycopy(extra, 0, options, 1, extra.length);
        return LINKER.downcallHandle(symbol(name), fd, options);
    }

    static MethodHandle plainCall(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.downcallHandle(symbol(name), fd, options);
    }

    private static MemorySegment symbol(String name) {
        return LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libc symbol not found: " + name));
    }

    static int errno(MemorySegment capture) {
        return (int) ERRNO.get(capture, 0L);
    }

    /**
     * Opens {@code path} with {@code flags} (see {@link OpenFlags}); {@code O_CLOEXEC} is always added.
     *
     * @return the file descriptor
     * @throws SysException with the errno when open fails
     */
    static int open(Path path, int flags, int mode) throws SysException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(CAPTURE_LAYOUT);
            MemorySegment cPath = arena.allocateFrom(path.toString());
            int fd = (int) Open.OPEN.invokeExact(capture, cPath, flags | OpenFlags.O_CLOEXEC, mode);
            if (fd < 0) {
                throw new SysException("open", path.toString(), errno(capture));
            }
            return fd;
        } catch (SysException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("open downcall failed", t);
        }
    }

    /** Closes {@code fd}; returns 0 or {@code -errno}. */
    static int close(int fd) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(CAPTURE_LAYOUT);
            int rc = (int) Close.CLOSE.invokeExact(capture, fd);
            return rc == 0 ? 0 : -errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("close downcall failed", t);
        }
    }

    /** {@code posix_fadvise(fd, offset, length, advice)}; returns 0 or {@code -errno}. */
    static int fadvise(int fd, long offset, long length, int advice) {
        try {
            // posix_fadvise answers the error number itself (positive) and leaves errno alone
            return -(int) Fadvise.POSIX_FADVISE.invokeExact(fd, offset, length, advice);
        } catch (Throwable t) {
            throw new AssertionError("posix_fadvise downcall failed", t);
        }
    }

    /** {@code ftruncate(fd, length)}; returns 0 or {@code -errno}. */
    static int ftruncate(int fd, long length) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(CAPTURE_LAYOUT);
            int rc = (int) Ftruncate.FTRUNCATE.invokeExact(capture, fd, length);
            return rc == 0 ? 0 : -errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("ftruncate downcall failed", t);
        }
    }

    /** {@code fallocate(fd, mode, offset, length)}; 0 or {@code -errno}. */
    static int fallocate(int fd, int mode, long offset, long length) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(CAPTURE_LAYOUT);
            int rc = (int) Fallocate.FALLOCATE.invokeExact(capture, fd, mode, offset, length);
            return rc == 0 ? 0 : -errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("fallocate downcall failed", t);
        }
    }

    /** True when {@code fd} refers to a terminal. */
    public static boolean isatty(int fd) {
        try {
            return (int) Isatty.ISATTY.invokeExact(fd) == 1;
        } catch (Throwable t) {
            throw new AssertionError("isatty downcall failed", t);
        }
    }

    /** libc's message for {@code errno} ("No space left on device"). */
    public static String strerror(int errno) {
        try {
            MemorySegment p = (MemorySegment) Strerror.STRERROR.invokeExact(errno);
            return p.equals(MemorySegment.NULL) ? "errno " + errno : p.reinterpret(256).getString(0);
        } catch (Throwable t) {
            throw new AssertionError("strerror downcall failed", t);
        }
    }
}
