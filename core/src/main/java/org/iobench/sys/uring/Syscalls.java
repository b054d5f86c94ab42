package org.iobench.sys.uring;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * Downcalls for the ring: libc's {@code syscall(2)} for io_uring_setup/enter/register (glibc has no wrappers),
 * and {@code mmap}/{@code munmap} for the shared rings.
 *
 * <p>{@code syscall} is variadic ({@code long syscall(long number, ...)}): it is linked with
 * {@code firstVariadicArg(1)} and every argument is passed as a 64-bit value, because glibc moves the registers
 * to the kernel as they are and the upper half of a 32-bit vararg would be undefined.
 */
final class Syscalls {
    private static final Linker LINKER = Linker.nativeLinker();
    static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO =
            CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    /** {@code syscall(425, entries, params)}. */
    static final MethodHandle SETUP = LINKER.downcallHandle(symbol("syscall"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS),
            CAPTURE_ERRNO, Linker.Option.firstVariadicArg(1));
    /** {@code syscall(426, fd, to_submit, min_complete, flags, argp, argsz)}. */
    static final MethodHandle ENTER = LINKER.downcallHandle(symbol("syscall"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
                    JAVA_LONG),
            CAPTURE_ERRNO, Linker.Option.firstVariadicArg(1));
    /** {@code syscall(427, fd, opcode, arg, nr_args)}. */
    static final MethodHandle REGISTER = LINKER.downcallHandle(symbol("syscall"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG),
            CAPTURE_ERRNO, Linker.Option.firstVariadicArg(1));
    static final MethodHandle MMAP = LINKER.downcallHandle(symbol("mmap"),
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG),
            CAPTURE_ERRNO);
    static final MethodHandle MUNMAP = LINKER.downcallHandle(symbol("munmap"),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle CLOSE = LINKER.downcallHandle(symbol("close"),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    static final int PROT_READ = 1;
    static final int PROT_WRITE = 2;
    static final int MAP_SHARED = 1;
    static final int MAP_POPULATE = 0x8000;
    static final long MAP_FAILED = -1L;

    private Syscalls() {}

    private static MemorySegment symbol(String name) {
        return LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libc symbol not found: " + name));
    }

    static int errno(MemorySegment capture) {
        return (int) ERRNO.get(capture, 0L);
    }
}
