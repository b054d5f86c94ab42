package org.iobench.workload;

import java.util.List;
import org.iobench.sysmon.CompileQueue;
import org.iobench.sysmon.JitActivity;

/**
 * What the warm-up asks of the JVM's JIT compiler: how busy its threads have been (cheap, read after every slice),
 * and which of the hot path's methods it still has queued or in hand (dearer, read only when the first leaves the
 * question open). Injected, so that tests decide what the JIT says.
 */
interface JitProbe {
    /**
     * The packages of the loop the warm-up runs: the worker and its request sources, the engines, the recorders,
     * the FFM bindings and the clock. A method of theirs in the compile queue after a warm-up is the loop's.
     */
    List<String> HOT_PATH = List.of("org.iobench.workload.", "org.iobench.engine.", "org.iobench.measure.",
            "org.iobench.sys.", "org.iobench.clock.");

    /** This JVM: the compiler threads' schedstat ({@link JitActivity}), its compile queue ({@link CompileQueue}). */
    JitProbe SYSTEM = new JitProbe() {
        @Override
        public long busyNanos() {
            return JitActivity.busyNanos();
        }

        @Override
        public List<String> hotPathCompiles() {
            List<String> all = CompileQueue.methods();
            return all == null ? null : all.stream().filter(m -> HOT_PATH.stream().anyMatch(m::startsWith))
                    .distinct().toList();
        }
    };

    /** The compiler threads' time run and waited for a CPU so far, ns; -1 when unknown. */
    long busyNanos();

    /** The hot path's methods queued or being compiled now ({@code package.Class::method}); null when unknown. */
    List<String> hotPathCompiles();
}
