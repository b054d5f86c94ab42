package org.iobench.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * {@code flock(2)}: advisory whole-file locks, held by an open file description and dropped when its last
 * descriptor closes (so a killed process never leaves one behind). Other processes see them in
 * {@code /proc/locks} as {@code FLOCK}.
 */
final class Flock {
    static final int LOCK_SH = 1;
    static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;

    private static final MethodHandle FLOCK = Libc.errnoCall("flock",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));

    private Flock() {}

    /**
     * Takes (or converts to) a {@link #LOCK_SH shared} or {@link #LOCK_EX exclusive} lock on {@code fd} without
     * waiting.
     *
     * @return 0, or {@code -errno}: {@code -EWOULDBLOCK} ({@link Errno#EAGAIN}) when another open file description
     *         holds a conflicting lock
     */
    static int tryLock(int fd, int lockType) {
        if (lockType != LOCK_SH && lockType != LOCK_EX) {
            throw new IllegalArgumentException("lockType must be LOCK_SH or LOCK_EX: " + lockType);
        }
        return call(fd, lockType | LOCK_NB);
    }

    private static int call(int fd, int operation) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(Libc.CAPTURE_LAYOUT);
            int rc = (int) FLOCK.invokeExact(capture, fd, operation);
            return rc == 0 ? 0 : -Libc.errno(capture);
        } catch (Throwable t) {
            throw new AssertionError("flock downcall failed", t);
        }
    }
}
