package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import org.iobench.job.JobSpec;
import org.iobench.job.Sizes;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;
import org.iobench.result.WorkerEvidence;

/**
 * A buffered read-only job whose worker threads caused storage reads (their own {@code read_bytes}) below
 * {@link Rules#CACHE_DEVICE_SHARE} of what they read: the page cache served the rest. Other processes' reads are
 * not in the workers' counters, so they cannot hide or fake it. Where those counters are unknown, a data set that
 * fits in free and cached memory gets a "likely" caution instead.
 */
final class PageCache implements Rule {

    @Override
    public Optional<Finding> check(Subject s) {
        JobSpec j = s.job();
        if (!j.workload().rw().reads() || j.workload().rw().writes() || j.durability().direct()) {
            return Optional.empty();
        }
        Optional<Finding> measured = Evidence.perRun("page-cache", s, PageCache::run);
        if (measured.isPresent()) {
            return measured;
        }
        boolean anyEvidence = s.completeRuns().stream().anyMatch(r -> Evidence.storage(r).isPresent());
        return anyEvidence ? Optional.empty() : fitsInMemory(s);
    }

    private static Optional<Hit> run(Subject s, RunResult r) {
        long read = r.totals().bytesRead();
        Optional<WorkerEvidence> ev = Evidence.storage(r);
        if (read <= 0 || ev.isEmpty() || ev.get().readBytes() >= Rules.CACHE_DEVICE_SHARE * read) {
            return Optional.empty();
        }
        WorkerEvidence e = ev.get();
        String evidence = Evidence.who(e) + " caused " + Evidence.mb(e.readBytes()) + " of storage reads for the "
                + Evidence.mb(read) + " read (" + Evidence.pct((double) e.readBytes() / read) + ")";
        return Optional.of(Hit.warning("the reads were served from the page cache, not the device", evidence,
                fix(s), Evidence.confidenceOf(e)));
    }

    /** Only what the job does not already do, in the command's words; none where no device is underneath. */
    static String fix(Subject s) {
        Fixes say = Fixes.of(s);
        if (say.deviceless()) {
            return "read a file on a filesystem backed by the device you want to measure: " + say.devicelessName()
                    + " is memory, every read of it is a cache hit";
        }
        boolean timed = s.job().timing().timeNanos() > 0;
        List<Optional<String>> ways = List.of(say.direct(), say.dropCache().map(d -> d + " to start each run cold"),
                say.largerThanMemory().map(m -> timed ? m + ", so a timed run does not read again what it has just"
                        + " read" : m));
        return Fixes.either(say, ways, List.of(), "add ").orElse("read more than memory holds");
    }

    private static Optional<Finding> fitsInMemory(Subject s) {
        JobSpec j = s.job();
        if (j.durability().dropCache()) {
            return Optional.empty();
        }
        long region = s.result().target().regionBytes();
        for (RunResult r : s.completeRuns()) {
            SystemSummary sys = r.evidence().systemSummary();
            if (sys != null && sys.memAvailableKib() > 0 && region < sys.memAvailableKib() * 1024) {
                return Optional.of(new Finding("page-cache",
                        "the data set fits in memory, so reads may come from the page cache",
                        "region " + Sizes.binary(region) + " < " + (sys.memAvailableKib() >> 10)
                                + " MiB free or cached; the workers' own storage reads are unknown here",
                        fix(s), j.name(), null, List.of(),
                        Finding.Confidence.LIKELY, Finding.Severity.WARNING));
            }
        }
        return Optional.empty();
    }
}
