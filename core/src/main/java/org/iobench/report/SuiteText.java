package org.iobench.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.iobench.job.Sizes;
import org.iobench.job.SyncMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;

/** One table for a suite: a row per job (its last run), with rates in both bases and latency percentiles. */
public final class SuiteText {
    private static final String ROW = "%-16s %-34s %9s %9s %9s %9s %9s %9s %9s%n";

    private SuiteText() {}

    public static void print(String title, List<BenchmarkResult> results, PrintStream out) {
        out.println(title);
        out.printf(Locale.ROOT, ROW, "job", "what", "MB/s", "MiB/s", "IOPS", "p50", "p99", "p99.9", "max");
        for (BenchmarkResult b : results) {
            if (b.runs().isEmpty()) {
                continue;
            }
            RunResult r = b.runs().getLast();
            Totals t = r.totals();
            LatencySummary l = RunText.dominant(r);
            String what = describe(b);
            out.printf(Locale.ROOT, ROW, b.job().name() + (r.complete() ? "" : "*"), what,
                    Units.fixed(t.megabytesPerSecond(), 1), Units.fixed(t.mebibytesPerSecond(), 1),
                    Units.fixed(t.iops(), 0), Units.latency(l.p50Ns()), Units.latency(l.p99Ns()),
                    Units.latency(l.p999Ns()), Units.latency(l.maxNs()));
        }
        if (!results.isEmpty()) {
            out.println("target " + results.getFirst().target().path() + " ("
                    + Units.sizeBinary(results.getFirst().target().regionBytes()) + ")"
                    + (results.stream().allMatch(BenchmarkResult::complete) ? "" : "; * incomplete"));
        }
        for (BenchmarkResult b : results) {
            for (RunResult r : b.runs()) {
                r.outcome().warnings().forEach(w -> out.println("warning: " + b.job().name() + ": " + w));
            }
        }
        FindingText.print(results, out);
    }

    private static String describe(BenchmarkResult b) {
        var j = b.job();
        StringBuilder s = new StringBuilder(j.workload().rw().label()).append(' ')
                .append(Sizes.binary(j.workload().blockSize()));
        if (j.durability().direct()) {
            s.append(" direct");
        }
        if (j.durability().sync() != SyncMode.NONE) {
            s.append(" +").append(j.durability().sync().label());
        }
        if (j.durability().dropCache()) {
            s.append(" cache-dropped");
        }
        if (j.queue().threads() > 1) {
            s.append(" T").append(j.queue().threads());
        }
        if (j.queue().iodepth() > 1) {
            s.append(" Q").append(j.queue().iodepth());
        }
        return s.toString();
    }
}
