package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.compare.MemberFigures;
import org.iobench.job.RwMode;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;

/**
 * The text of a parallel group: one line per job, the per-job figure in the form of the kernel mailing lists
 * ({@code 2x44.5} when the jobs are alike, {@code 44.1/32.0} when not) and the aggregate rate, all in MB/s.
 */
public final class GroupText {
    /** Jobs whose rates differ from their mean by at most this share are "alike". */
    public static final double ALIKE = MemberFigures.ALIKE;
    private static final String ROW = "%-14s %-30s %10s %10s %10s%n";

    private GroupText() {}

    public static void print(List<BenchmarkResult> group, PrintStream out) {
        String label = group.getFirst().job().grouping().group();
        out.println("group " + (label.isEmpty() ? "" : label + " ") + "(" + group.size() + " jobs in parallel,"
                + " started together)");
        out.printf(Locale.ROOT, ROW, "job", "what", "MB/s", "MiB/s", "IOPS");
        for (BenchmarkResult b : group) {
            double rate = meanRate(b);
            double iops = b.runs().stream().anyMatch(RunResult::complete) ? b.summary().iops().mean()
                    : b.runs().stream().mapToDouble(r -> r.totals().iops()).average().orElse(Double.NaN);
            out.printf(Locale.ROOT, ROW, b.job().name() + (b.complete() ? "" : "*"), what(b),
                    Units.fixed(rate / 1e6, 1), Units.fixed(rate / (1 << 20), 1), Units.fixed(iops, 0));
        }
        double total = aggregate(group);
        out.println("per job: " + perJob(group.stream().map(GroupText::meanRate).toList()) + " MB/s; aggregate: "
                + Units.fixed(total / 1e6, 1) + " MB/s (" + Units.fixed(total / (1 << 20), 1) + " MiB/s),"
                + " all jobs' bytes over the longest job's time");
        for (BenchmarkResult b : group) {
            for (RunResult r : b.runs()) {
                r.outcome().warnings().forEach(w -> out.println("warning: " + b.job().name() + ": " + w));
                if (!r.complete()) {
                    out.println("* " + b.job().name() + " run " + r.run() + " incomplete: " + r.outcome().stopReason());
                }
            }
        }
    }

    private static String what(BenchmarkResult b) {
        var j = b.job();
        String s = j.workload().rw().label() + " " + org.iobench.job.Sizes.binary(j.workload().blockSize());
        if (j.durability().direct()) {
            s += " direct";
        }
        if (j.queue().threads() > 1) {
            s += " T" + j.queue().threads();
        }
        return s + " " + b.target().path();
    }

    /**
     * {@code "2x44.5"} when every rate is within {@link #ALIKE} of the mean, else the rates joined by
     * {@code "/"}; rates in bytes per second, printed in MB/s.
     */
    public static String perJob(List<Double> bytesPerSecond) {
        return MemberFigures.format(bytesPerSecond.stream().mapToDouble(r -> r / 1e6).toArray());
    }

    /** A run's rate as its users mean it: a copy's is the bytes copied (written), others' all bytes moved. */
    public static double rate(RwMode rw, Totals t) {
        return rate(rw, t, true);
    }

    /**
     * A run's rate over its elapsed time with the final sync ({@code withSync}, the time dd's conv=fdatasync counts)
     * or without it: the seed's second view, the bytes over the time until the last write returned.
     */
    public static double rate(RwMode rw, Totals t, boolean withSync) {
        long nanos = nanos(t, withSync);
        if (nanos <= 0) {
            return Double.NaN;
        }
        return bytes(rw, t) * 1e9 / nanos;
    }

    /** The bytes a rate counts: a copy's bytes copied (written), others' all bytes moved. */
    public static long bytes(RwMode rw, Totals t) {
        return t.bytesCounted(rw);
    }

    private static long nanos(Totals t, boolean withSync) {
        return withSync ? t.elapsedNanos() : t.elapsedNanos() - t.syncNanos();
    }

    /**
     * The mean rate over a job's complete runs; when none completed (Ctrl-C, an I/O error), over the partial ones,
     * which the tables mark with {@code *}, so partial results still show what was done.
     */
    public static double meanRate(BenchmarkResult b) {
        return meanRate(b, true);
    }

    /** {@link #meanRate(BenchmarkResult)} with or without the final sync's time. */
    public static double meanRate(BenchmarkResult b, boolean withSync) {
        boolean anyComplete = b.runs().stream().anyMatch(RunResult::complete);
        return b.runs().stream().filter(r -> r.complete() || !anyComplete)
                .mapToDouble(r -> rate(b.job().workload().rw(), r.totals(), withSync)).average().orElse(Double.NaN);
    }

    /**
     * The group's rate: for each run, every job's bytes over the longest job's elapsed time; the mean over runs.
     */
    public static double aggregate(List<BenchmarkResult> group) {
        return aggregate(group, true);
    }

    /** {@link #aggregate(List)} with or without the final syncs' time (each job's time less its sync). */
    public static double aggregate(List<BenchmarkResult> group, boolean withSync) {
        int runs = group.stream().mapToInt(b -> b.runs().size()).min().orElse(0);
        List<Double> perRun = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double bytes = 0;
            long longest = 0;
            for (BenchmarkResult b : group) {
                Totals t = b.runs().get(i).totals();
                bytes += bytes(b.job().workload().rw(), t);
                longest = Math.max(longest, nanos(t, withSync));
            }
            perRun.add(longest <= 0 ? Double.NaN : bytes * 1e9 / longest);
        }
        return perRun.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
