package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.job.Dialect;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;

/**
 * {@link NotSaturated} for a parallel group of direct-I/O jobs: the jobs together left the device idle more than
 * half the window. Each job's own depth is the group's design (several dd processes), so only the sum counts.
 */
final class GroupNotSaturated implements GroupRule {

    @Override
    public Optional<Finding> check(String name, List<BenchmarkResult> group, Dialect dialect) {
        if (!group.stream().allMatch(b -> b.job().durability().direct())) {
            return Optional.empty();
        }
        long inFlight = group.stream().mapToLong(b -> NotSaturated.inFlight(b.job())).sum();
        Fixes say = new Fixes(dialect, group.getFirst().job(), group.getFirst().target());
        String fix = Fixes.either(say, List.of(say.threads(4), say.iodepth(null, 32)), List.of(), "more jobs, or per job ")
                .map(f -> f + "; iobench saturate finds the knee")
                .orElse("more jobs or more depth per job; iobench saturate finds the knee");
        return GroupRuns.perRun("not-saturated", name, group, runs -> idle(runs, group.size(), inFlight, fix));
    }

    private static Optional<Hit> idle(List<RunResult> runs, int jobs, long inFlight, String fix) {
        RunResult longest = null;
        for (RunResult r : runs) {
            SystemSummary s = r.evidence().systemSummary();
            if (s == null || Double.isNaN(s.deviceUtilPercent())) {
                return Optional.empty();
            }
            if (longest == null || s.windowMillis() > longest.evidence().systemSummary().windowMillis()) {
                longest = r;
            }
        }
        if (longest == null
                || longest.evidence().systemSummary().deviceUtilPercent() >= Rules.SATURATION_UTIL_PERCENT) {
            return Optional.empty();
        }
        // as for a job alone: the workers' own counters must agree that they mostly did not wait for the storage
        double blocked = 0;
        double queued = 0;
        for (RunResult r : runs) {
            Optional<CpuShares> c = CpuShares.of(r);
            if (c.isEmpty()) {
                return Optional.empty();
            }
            blocked += c.get().blocked() / runs.size();
            queued += c.get().queued() / runs.size();
        }
        if (blocked >= 0.5) {
            return Optional.empty();
        }
        SystemSummary sys = longest.evidence().systemSummary();
        String evidence = "up to " + Evidence.requests(inFlight) + " in flight over " + jobs + " jobs; "
                + NotSaturated.deviceLoad(longest) + "; their workers waited for the storage " + Evidence.pct(blocked)
                + " of the measured time and for a CPU " + Evidence.pct(queued);
        if (queued >= Rules.CPU_CONTENDED_QUEUE_SHARE && !Double.isNaN(sys.otherCpuCores())
                && sys.otherCpuCores() >= Rules.OTHER_CPU_CORES) {
            return Optional.of(Hit.context("other processes held the CPUs the group's workers needed between"
                            + " requests, so the device sat idle: the figures are not the device's limit",
                    evidence + CpuShares.others(sys), "measure on a quiet machine", Finding.Confidence.LIKELY));
        }
        return Optional.of(Hit.warning("the group's jobs together left the device idle most of the time: the"
                        + " figures are not the device's limit", evidence, fix,
                Finding.Confidence.LIKELY));
    }
}
