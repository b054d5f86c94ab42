package org.iobench.advise;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.result.Finding;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.sysmon.DiskSample;

/**
 * A direct-I/O job that ran alone and did not push the device (the iot sweep's post: "I didn't push the system to its limits"):
 * the device was idle more than half the window ({@code %util} below {@link Rules#SATURATION_UTIL_PERCENT}), or
 * the job kept only one request in flight, which measures latency rather than throughput. Other processes can only
 * raise {@code %util}; the depth is the job's own. Jobs of a parallel group are judged together
 * ({@link GroupNotSaturated}).
 */
final class NotSaturated implements Rule {

    @Override
    public Optional<Finding> check(Subject s) {
        JobSpec j = s.job();
        if (!j.durability().direct() || s.inGroup()
                || s.result().target().device() == null) { // no device: nothing to saturate
            return Optional.empty();
        }
        Optional<Finding> idle = Evidence.perRun("not-saturated", s, NotSaturated::idleDevice);
        if (idle.isPresent() || inFlight(j) > 1) {
            return idle;
        }
        return Evidence.perRun("not-saturated", s, NotSaturated::oneInFlight);
    }

    static long inFlight(JobSpec j) {
        return (long) j.queue().threads() * j.queue().iodepth();
    }

    /** "up to 16 requests in flight (16 threads x iodepth 1)". */
    static String depth(JobSpec j) {
        return "up to " + Evidence.requests(inFlight(j)) + " in flight (" + j.queue().threads()
                + (j.queue().threads() == 1 ? " thread" : " threads") + " x iodepth " + j.queue().iodepth() + ")";
    }

    /** "vda busy 35.0% of the window, 0.4 requests in its queue on average", or "" where unknown. */
    static String deviceLoad(RunResult r) {
        SystemSummary sys = r.evidence().systemSummary();
        if (sys == null || sys.device() == null || Double.isNaN(sys.deviceUtilPercent())) {
            return "";
        }
        String queue = r.evidence().system() == null ? ""
                : r.evidence().system().device(sys.device()).map(DiskSample::averageQueueSize)
                .filter(q -> !Double.isNaN(q)).map(q -> ", " + Evidence.f1(q) + " requests in its queue on average")
                .orElse("");
        return sys.device() + " busy " + Evidence.f1(Math.min(100, sys.deviceUtilPercent())) + "% of the window"
                + queue;
    }

    /**
     * The device idle most of the window, and the workers' own counters agree: they spent less than half of it
     * waiting for the storage. A {@code %util} below half alone is not enough (fast devices under-report it); below
     * {@link Rules#CPU_BOUND_BLOCKED_SHARE} the cpu-bound finding already says why.
     */
    private static Optional<Hit> idleDevice(Subject s, RunResult r) {
        SystemSummary sys = r.evidence().systemSummary();
        Optional<CpuShares> shares = CpuShares.of(r);
        if (sys == null || Double.isNaN(sys.deviceUtilPercent())
                || sys.deviceUtilPercent() >= Rules.SATURATION_UTIL_PERCENT || shares.isEmpty()
                || shares.get().blocked() >= 0.5 || shares.get().blocked() < Rules.CPU_BOUND_BLOCKED_SHARE) {
            return Optional.empty();
        }
        JobSpec j = s.job();
        CpuShares c = shares.get();
        String evidence = depth(j) + "; " + deviceLoad(r) + "; " + c.describe();
        if (c.crowdedOut(sys)) {
            return Optional.of(Hit.context("other processes held the CPUs the workers needed between requests, so"
                            + " the device sat idle: the figure is not the device's limit",
                    evidence + CpuShares.others(sys), "measure on a quiet machine", Finding.Confidence.LIKELY));
        }
        return Optional.of(Hit.warning("the device was idle most of the time: the workers spent more time between"
                        + " requests than waiting for them, so the figure is not the device's limit", evidence,
                raise(s), Finding.Confidence.LIKELY));
    }

    private static Optional<Hit> oneInFlight(Subject s, RunResult r) {
        JobSpec j = s.job();
        LatencySummary l = r.latencies().read().count() >= r.latencies().write().count() ? r.latencies().read()
                : r.latencies().write();
        String latency = l.count() == 0 || l.meanNs() <= 0 ? ""
                : "; each request took " + Evidence.f1(l.meanNs() / 1000) + " us on average, so at most "
                        + String.format(Locale.ROOT, "%.0f", 1e9 / l.meanNs()) + " requests per second";
        String load = deviceLoad(r);
        return Optional.of(Hit.warning("one request in flight: the figure is the device's latency at queue depth 1,"
                        + " not its throughput", depth(j) + latency + (load.isEmpty() ? "" : "; " + load), raise(s),
                Finding.Confidence.LIKELY));
    }

    /** More depth than the job has, in the form its engine allows and the command's words. */
    static String raise(Subject s) {
        JobSpec j = s.job();
        Fixes say = Fixes.of(s);
        int threads = Math.max(16, j.queue().threads() * 4);
        boolean deep = j.engine().has(EngineFlag.ASYNC_BUFFERED);
        int depth = deep ? Math.max(32, j.queue().iodepth() * 4) : 32;
        String engine = deep ? null : DeepEngine.name().orElse(null);
        String ways = Fixes.either(say, List.of(say.threads(threads), say.iodepth(engine, depth)),
                List.of(say.inRunFlags().threads(threads), say.inRunFlags().iodepth(engine, depth)),
                "raise the depth, e.g. ").orElse("raise the depth");
        return (say.dialect() == Dialect.DD ? "dd keeps one request in flight; " : "") + ways
                + "; iobench saturate finds the knee";
    }
}
