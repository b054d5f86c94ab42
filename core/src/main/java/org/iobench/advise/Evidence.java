package org.iobench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;
import org.iobench.job.Sizes;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.WorkerEvidence;

/** Helpers the rules share: judging run by run, and number formatting for messages. */
final class Evidence {
    private Evidence() {}

    /**
     * Judges every complete run of {@code s} with {@code test}; a finding names all the runs that showed it and
     * quotes the first one's evidence (prefixed with its run number when the job ran more than once).
     */
    static Optional<Finding> perRun(String id, Subject s, BiFunction<Subject, RunResult, Optional<Hit>> test) {
        Hit first = null;
        List<Integer> runs = new ArrayList<>();
        for (RunResult r : s.completeRuns()) {
            if (r.totals().ops() == 0) {
                continue; // nothing measured (a warm-up that used up the job): nothing to judge
            }
            Optional<Hit> hit = test.apply(s, r);
            if (hit.isPresent()) {
                if (first == null) {
                    first = hit.get();
                }
                runs.add(r.run());
            }
        }
        if (first == null) {
            return Optional.empty();
        }
        String evidence = s.result().runs().size() > 1 ? "run " + runs.getFirst() + ": " + first.evidence()
                : first.evidence();
        return Optional.of(new Finding(id, first.message(), evidence, first.fix(), s.job().name(), null, runs,
                first.confidence(), first.severity()));
    }

    /** The workers' evidence of a run when its storage counts are known, else empty. */
    static Optional<WorkerEvidence> storage(RunResult r) {
        WorkerEvidence e = r.evidence().workerThreads();
        return e != null && e.storageKnown() ? Optional.of(e) : Optional.empty();
    }

    /** Certain when the counts are the workers' own, likely when they are the whole process's. */
    static Finding.Confidence confidenceOf(WorkerEvidence e) {
        return WorkerEvidence.WORKER_THREADS.equals(e.storageSource()) ? Finding.Confidence.CERTAIN
                : Finding.Confidence.LIKELY;
    }

    /** "the workers" or "iobench" (when the counts are the whole process's). */
    static String who(WorkerEvidence e) {
        return WorkerEvidence.WORKER_THREADS.equals(e.storageSource()) ? "the workers" : "iobench";
    }

    static String mb(double bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** A size as the options spell it, with a unit even below 1 KiB: "512 B", "4KiB", "1MiB". */
    static String size(long bytes) {
        String s = Sizes.binary(bytes);
        return Character.isDigit(s.charAt(s.length() - 1)) ? s + " B" : s;
    }

    /** "1 request" / "16 requests". */
    static String requests(long n) {
        return n + (n == 1 ? " request" : " requests");
    }
}
