package org.iobench.sys.aio;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The one downcall native AIO needs: libc's {@code syscall(2)} (glibc has no wrappers for the AIO calls; libaio is
 * not used). It is variadic ({@code long syscall(long number, ...)}), so it is linked with {@code firstVariadicArg(1)}
 * and every argument, pointers included, is passed as a 64-bit value: glibc moves the registers to the kernel as they
 * are, and the upper half of a 32-bit vararg would be undefined. Calls with fewer arguments pass 0 for the rest,
 * which the kernel ignores.
 */
final class AioSyscalls {
    private static final Linker LINKER = Linker.nativeLinker();
    static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO =
            CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    /** {@code syscall(number, a1, a2, a3, a4, a5)}: the result, or -1 with errno in the capture segment. */
    static final MethodHandle SYSCALL5 = LINKER.downcallHandle(
            LINKER.defaultLookup().find("syscall")
                    .orElseThrow(() -> new UnsatisfiedLinkError("libc symbol not found: syscall")),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
            Linker.Option.captureCallState("errno"), Linker.Option.firstVariadicArg(1));

    private AioSyscalls() {}

    /** The raw system call: its non-negative result, or {@code -errno}. */
    static long call(MemorySegment capture, long number, long a1, long a2, long a3, long a4, long a5) {
        try {
            long rc = (long) SYSCALL5.invokeExact(capture, number, a1, a2, a3, a4, a5);
            return rc >= 0 ? rc : -(int) ERRNO.get(capture, 0L);
        } catch (Throwable t) {
            throw new AssertionError("syscall(" + number + ") downcall failed", t);
        }
    }
}
