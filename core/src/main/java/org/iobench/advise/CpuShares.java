package org.iobench.advise;

import java.util.Optional;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.WorkerEvidence;

/**
 * How the workers of a run spent its measured time, from their own scheduler counters: on a CPU, waiting for one,
 * or blocked (in practice, waiting for the storage). The measured time includes a final sync the workers did not
 * wait through themselves; it counts as storage time.
 *
 * @param onCpu   share on a CPU, 0..1
 * @param queued  share runnable but waiting for a CPU, 0..1
 * @param blocked share neither, 0..1
 */
record CpuShares(double onCpu, double queued, double blocked) {

    /** The shares of {@code r}, or empty when its counters are unknown or its window too short to judge. */
    static Optional<CpuShares> of(RunResult r) {
        WorkerEvidence e = r.evidence().workerThreads();
        if (e == null || e.onCpuNanos() < 0 || e.runQueueNanos() < 0) {
            return Optional.empty();
        }
        double window = Math.max(e.windowNanos(), (double) e.threads() * r.totals().elapsedNanos());
        if (window < Rules.CPU_MIN_WINDOW_NANOS) {
            return Optional.empty();
        }
        double onCpu = Math.min(1, e.onCpuNanos() / window);
        double queued = Math.min(1 - onCpu, e.runQueueNanos() / window);
        return Optional.of(new CpuShares(onCpu, queued, 1 - onCpu - queued));
    }

    /** The workers queued for CPUs that other processes kept busy: the machine was crowded, not the job. */
    boolean crowdedOut(SystemSummary sys) {
        return queued >= Rules.CPU_CONTENDED_QUEUE_SHARE && sys != null && !Double.isNaN(sys.otherCpuCores())
                && sys.otherCpuCores() >= Rules.OTHER_CPU_CORES;
    }

    /** "the workers ran on a CPU 20% of the measured time, waited for one 75% and for the storage only 5%". */
    String describe() {
        return "the workers ran on a CPU " + Evidence.pct(onCpu) + " of the measured time, waited for one "
                + Evidence.pct(queued) + " and for the storage " + Evidence.pct(blocked);
    }

    /** "; other processes kept 1.8 of 2.0 CPUs busy". */
    static String others(SystemSummary sys) {
        return "; other processes kept " + Evidence.f1(sys.otherCpuCores()) + " of " + Math.round(sys.cpuCores())
                + " CPUs busy";
    }
}
