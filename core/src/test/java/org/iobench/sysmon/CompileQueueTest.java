package org.iobench.sysmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The JIT's queue and compiles in hand, as HotSpot's {@code Compiler.queue} prints them (JDK 25). */
class CompileQueueTest {
    /** Printed by JDK 25's {@code Compiler.queue} here, abridged. */
    private static final String TEXT = """
            Current compiles:\s
            C2 CompilerThread0  1583   !   4       com.sun.tools.javac.jvm.ClassReader::classSigToType (530 bytes)
            C1 CompilerThread0  1601       3       org.iobench.engine.uring.UringEngine::submit (212 bytes)

            C1 compile queue:
            Empty

            C2 compile queue:
            1491       4       com.sun.tools.javac.util.List::nonEmpty (13 bytes)
            2034 %     4       org.iobench.workload.Worker::loop @ 5 (43 bytes)

            """;

    @Test
    void everyQueuedAndEveryCurrentCompileIsOneMethod() {
        assertThat(CompileQueue.parse(TEXT)).containsExactly(
                "com.sun.tools.javac.jvm.ClassReader::classSigToType",
                "org.iobench.engine.uring.UringEngine::submit",
                "com.sun.tools.javac.util.List::nonEmpty",
                "org.iobench.workload.Worker::loop");
    }

    @Test
    void anIdleJitHasNothing() {
        assertThat(CompileQueue.parse("Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n"))
                .isEmpty();
    }

    @Test
    void thisJvmsQueueCanBeRead() {
        List<String> methods = CompileQueue.methods();
        Assumptions.assumeTrue(methods != null, "this JVM has no Compiler.queue diagnostic command");
        assertThat(methods).allMatch(m -> m.contains("::"));
    }
}
