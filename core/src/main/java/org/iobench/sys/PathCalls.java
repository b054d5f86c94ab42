package org.iobench.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;

/**
 * The calls of fio's file-operation engines on a fixed list of paths, by index: {@code open(O_CREAT)},
 * {@code close}, {@code stat}, {@code lstat}, {@code statx} and {@code unlink}. The paths are made C strings once,
 * when the instance is made, so a call allocates nothing; each returns 0 (or the descriptor) or {@code -errno}, as
 * {@link NativeIo} does. One instance per thread (it owns its errno capture and stat buffer).
 */
public final class PathCalls implements AutoCloseable {
    /** statx's {@code AT_FDCWD}: relative paths from the current directory. */
    private static final int AT_FDCWD = -100;
    /** statx's {@code STATX_ALL} mask, as fio asks for it. */
    private static final int STATX_ALL = 0xfff;

    private static final class Calls {
        static final MethodHandle STAT = Libc.errnoCall("stat", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle LSTAT = Libc.errnoCall("lstat",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle STATX = Libc.errnoCall("statx",
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS));
        static final MethodHandle UNLINK = Libc.errnoCall("unlink", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle OPEN = Libc.errnoCall("open",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2));
    }

    /** The kinds of stat fio's {@code stat_type} names. */
    public enum StatKind { STAT, LSTAT, STATX }

    private final Arena arena = Arena.ofShared();
    private final MemorySegment[] names;
    private final MemorySegment capture = arena.allocate(Libc.CAPTURE_LAYOUT);
    /** Big enough for struct stat (144 bytes on x86-64) and struct statx (256). */
    private final MemorySegment statBuffer = arena.allocate(512, 16);

    /** @param paths the files, by index; statx gets them absolute, as fio resolves them first */
    public PathCalls(List<Path> paths) {
        names = new MemorySegment[paths.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = arena.allocateFrom(paths.get(i).toAbsolutePath().toString());
        }
    }

    /**
     * Links the downcalls now (each call once on the empty path, which fails with ENOENT and touches nothing), so
     * that linking them, milliseconds each, is not inside the first timed call.
     */
    public void prelink() {
        MemorySegment empty = arena.allocateFrom("");
        try {
            int rc = (int) Calls.OPEN.invokeExact(capture, empty, OpenFlags.O_RDONLY | OpenFlags.O_CLOEXEC, 0);
            rc += (int) Calls.STAT.invokeExact(capture, empty, statBuffer);
            rc += (int) Calls.LSTAT.invokeExact(capture, empty, statBuffer);
            rc += (int) Calls.STATX.invokeExact(capture, AT_FDCWD, empty, 0, STATX_ALL, statBuffer);
            rc += (int) Calls.UNLINK.invokeExact(capture, empty);
            assert rc < 0;
        } catch (Throwable t) {
            throw new AssertionError("downcall failed", t);
        }
        Libc.close(-1);
    }

    public int size() {
        return names.length;
    }

    /** {@code open(path, O_CREAT|O_RDWR|O_CLOEXEC, 0600)}: the descriptor or {@code -errno}. */
    public int openCreate(int index) {
        try {
            int fd = (int) Calls.OPEN.invokeExact(capture, names[index],
                    OpenFlags.O_CREAT | OpenFlags.O_RDWR | OpenFlags.O_CLOEXEC, 0600);
            return fd >= 0 ? fd : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("open downcall failed", t);
        }
    }

    /** {@code close(fd)}: 0 or {@code -errno}. */
    public int close(int fd) {
        return Libc.close(fd);
    }

    /** {@code stat}, {@code lstat} or {@code statx(AT_FDCWD, path, 0, STATX_ALL)}: 0 or {@code -errno}. */
    public int stat(int index, StatKind kind) {
        try {
            int rc = switch (kind) {
                case STAT -> (int) Calls.STAT.invokeExact(capture, names[index], statBuffer);
                case LSTAT -> (int) Calls.LSTAT.invokeExact(capture, names[index], statBuffer);
                case STATX -> (int) Calls.STATX.invokeExact(capture, AT_FDCWD, names[index], 0, STATX_ALL,
                        statBuffer);
            };
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("stat downcall failed", t);
        }
    }

    /** {@code unlink(path)}: 0 or {@code -errno}. */
    public int unlink(int index) {
        try {
            int rc = (int) Calls.UNLINK.invokeExact(capture, names[index]);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("unlink downcall failed", t);
        }
    }

    @Override
    public void close() {
        arena.close();
    }
}
