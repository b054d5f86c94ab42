package org.iobench.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Linux I/O priorities ({@code <linux/ioprio.h>}): a value is {@code class << 13 | level}, class 1 real-time, 2
 * best-effort, 3 idle, level 0 (highest) to 7. {@link #setThisThread} is {@code ioprio_set(IOPRIO_WHO_PROCESS, 0,
 * value)}, which sets the calling thread's priority: the priority of its synchronous I/O and of requests it submits
 * without one of their own.
 */
public final class IoPriority {
    public static final int CLASS_RT = 1;
    public static final int CLASS_BE = 2;
    public static final int CLASS_IDLE = 3;
    public static final int CLASS_SHIFT = 13;
    public static final int MAX_LEVEL = 7;
    private static final int IOPRIO_WHO_PROCESS = 1;
    private static final long SYS_IOPRIO_SET;
    private static final long SYS_IOPRIO_GET;

    static {
        String arch = System.getProperty("os.arch");
        switch (arch) {
            case "amd64", "x86_64" -> { // asm/unistd_64.h
                SYS_IOPRIO_SET = 251;
                SYS_IOPRIO_GET = 252;
            }
            case "aarch64", "arm64" -> { // asm-generic/unistd.h
                SYS_IOPRIO_SET = 30;
                SYS_IOPRIO_GET = 31;
            }
            default -> throw new ExceptionInInitializerError("unsupported architecture for ioprio_set: " + arch);
        }
    }

    /** Linked when first used: a job without priorities pays for no stub. */
    private static final class Syscall {
        static final MethodHandle SYSCALL = Libc.errnoCall("syscall",
                FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT),
                Linker.Option.firstVariadicArg(1));
    }

    private IoPriority() {}

    /** fio's {@code ioprio_value}: class 0 (none) is taken as best-effort. */
    public static int value(int ioClass, int level) {
        return (ioClass == 0 ? CLASS_BE : ioClass) << CLASS_SHIFT | level;
    }

    /** The class of a priority value. */
    public static int classOf(int ioprio) {
        return ioprio >>> CLASS_SHIFT;
    }

    /**
     * Sets the calling thread's I/O priority.
     *
     * @throws SysException with the errno (EPERM: the real-time class needs CAP_SYS_ADMIN or CAP_SYS_NICE)
     */
    public static void setThisThread(int ioprio) throws SysException {
        long rc = call(SYS_IOPRIO_SET, ioprio);
        if (rc < 0) {
            throw new SysException("ioprio_set", "0x" + Integer.toHexString(ioprio), (int) -rc);
        }
    }

    /** The calling thread's I/O priority value ({@code ioprio_get}), or {@code -errno}. */
    public static int ofThisThread() {
        return (int) call(SYS_IOPRIO_GET, 0);
    }

    private static long call(long nr, int ioprio) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(Libc.CAPTURE_LAYOUT);
            long rc = (long) Syscall.SYSCALL.invokeExact(capture, nr, IOPRIO_WHO_PROCESS, 0, ioprio);
            return rc < 0 ? -Libc.errno(capture) : rc;
        } catch (Throwable t) {
            throw new IllegalStateException("syscall(ioprio) failed", t);
        }
    }
}
