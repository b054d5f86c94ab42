package org.iobench.micro;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/** How long the JIT compilers have worked so far, to tell whether code is still being (re)compiled. */
final class JitCompileTime {

    private JitCompileTime() {
    }

    /**
     * Accumulated JIT compilation time in milliseconds ({@link CompilationMXBean#getTotalCompilationTime()}), or a
     * constant 0 where the JVM does not monitor it (then warm-up relies on timing stability alone).
     */
    static LongSupplier compileMillis() {
        try {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
                return jit::getTotalCompilationTime;
            }
        } catch (RuntimeException | LinkageError e) {
            // java.management absent in a trimmed runtime
        }
        return () -> 0;
    }
}
