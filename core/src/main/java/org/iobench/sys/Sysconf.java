package org.iobench.sys;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

/**
 * {@code sysconf(3)} values fio substitutes into job files: the page size ({@code $pagesize}), physical memory
 * ({@code $mb_memory}) and CPUs configured ({@code $ncpus}), from the same calls fio makes. Linux numbers, shared by
 * x86_64 and aarch64 (glibc's generic {@code <bits/confname.h>}).
 */
public final class Sysconf {
    private static final int SC_PAGESIZE = 30;
    private static final int SC_NPROCESSORS_CONF = 83;
    private static final int SC_PHYS_PAGES = 85;
    private static final MethodHandle SYSCONF = Libc.plainCall("sysconf", FunctionDescriptor.of(JAVA_LONG, JAVA_INT));

    private Sysconf() {}

    public static long pageSize() {
        return call(SC_PAGESIZE);
    }

    public static long physicalMemoryBytes() {
        return call(SC_PHYS_PAGES) * pageSize();
    }

    public static int cpusConfigured() {
        return (int) call(SC_NPROCESSORS_CONF);
    }

    private static long call(int name) {
        try {
            return (long) SYSCONF.invokeExact(name);
        } catch (Throwable t) {
            throw new AssertionError("sysconf downcall failed", t);
        }
    }
}
