package org.iobench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.JobSpec;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;

/**
 * The workers were blocked (waiting for the storage) less than {@link Rules#CPU_BOUND_BLOCKED_SHARE} of their
 * measured window, from their own scheduler counters: the CPU, not the storage, set the pace. When they spent much of
 * it waiting for a CPU while other processes kept CPUs busy, the finding is context: the machine was crowded, the job
 * is not to blame. Only the measured window counts, so a long warm-up cannot inflate it.
 */
final class CpuBound implements Rule {

    @Override
    public Optional<Finding> check(Subject s) {
        return Evidence.perRun("cpu-bound", s, CpuBound::run);
    }

    private static Optional<Hit> run(Subject s, RunResult r) {
        Optional<CpuShares> shares = CpuShares.of(r);
        if (shares.isEmpty() || shares.get().blocked() >= Rules.CPU_BOUND_BLOCKED_SHARE) {
            return Optional.empty();
        }
        CpuShares c = shares.get();
        JobSpec j = s.job();
        String evidence = c.describe() + (r.totals().syncNanos() > 0 ? " (syncs included)" : "");
        SystemSummary sys = r.evidence().systemSummary();
        if (c.crowdedOut(sys)) {
            return Optional.of(Hit.context("other processes held the CPUs the workers were ready to use: the figure"
                            + " is limited by the CPU time this machine could spare, not by the storage",
                    evidence + CpuShares.others(sys), "measure on a quiet machine", Finding.Confidence.CERTAIN));
        }
        if (c.queued() >= Rules.CPU_CONTENDED_QUEUE_SHARE && j.queue().threads() > 1) {
            evidence += "; " + j.queue().threads() + " workers queued for " + cores(sys);
        }
        return Optional.of(Hit.warning("the workers were busy on the CPU, not waiting for the storage: the figure is"
                + " the CPU's limit (" + (j.durability().direct() ? "the system-call path"
                        : "the page cache and system calls")
                + "), not the storage's", evidence, fix(s), Finding.Confidence.CERTAIN));
    }

    private static String cores(SystemSummary sys) {
        return sys == null || Double.isNaN(sys.cpuCores()) ? "the CPUs" : Evidence.f1(sys.cpuCores()) + " CPUs";
    }

    /** Only what the job does not already do, in the command's words. */
    private static String fix(Subject s) {
        JobSpec j = s.job();
        Fixes say = Fixes.of(s);
        List<String> ways = new ArrayList<>();
        if (!j.durability().direct()) {
            say.direct().ifPresent(d -> ways.add(d + " to measure the device"));
        }
        if (j.workload().blockSize() < (1 << 20)) {
            say.blockSize(1 << 20).ifPresent(b -> ways.add("a larger block size, e.g. " + b
                    + " (fewer system calls per byte)"));
        }
        if (!j.engine().has(EngineFlag.ASYNC_BUFFERED)) {
            DeepEngine.name().flatMap(e -> say.iodepth(e, 32)).ifPresent(e -> ways.add(e
                    + " (fewer system calls per request)"));
        }
        if (j.queue().threads() == 1) {
            say.threads(4).ifPresent(t -> ways.add(t + " if the CPU path itself is the subject"));
        }
        return ways.isEmpty() ? null : String.join("; ", ways);
    }
}
