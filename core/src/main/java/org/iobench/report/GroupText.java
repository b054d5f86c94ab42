package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.iobench.compare.MemberFigures;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
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

    /**
     * A group as fio's {@code group_reporting} shows it: one line for all its jobs. Per run, bytes and requests are
     * summed and divided by the longest job's time (fio divides each direction's sum by its longest runtime); the
     * figure is the mean over runs.
     */
    public static void printAsOne(List<BenchmarkResult> group, PrintStream out) {
        BenchmarkResult first = group.getFirst();
        out.println("group " + first.job().grouping().group() + " (" + group.size() + " jobs in parallel, reported as one:"
                + " group_reporting)");
        out.printf(Locale.ROOT, ROW, "jobs", "what", "MB/s", "MiB/s", "IOPS");
        int runs = group.stream().mapToInt(b -> b.runs().size()).min().orElse(0);
        double bytesPerSecond = 0;
        double iops = 0;
        for (int i = 0; i < runs; i++) {
            long bytes = 0, ops = 0, longest = 0;
            for (BenchmarkResult b : group) {
                Totals t = b.runs().get(i).totals();
                bytes += b.job().workload().rw() == RwMode.COPY ? t.bytesWritten() : t.bytes();
                ops += t.ops();
                longest = Math.max(longest, t.elapsedNanos());
            }
            bytesPerSecond += longest == 0 ? Double.NaN : bytes * 1e9 / longest / runs;
            iops += longest == 0 ? Double.NaN : ops * 1e9 / longest / runs;
        }
        boolean complete = group.stream().allMatch(BenchmarkResult::complete);
        Set<String> kinds = new LinkedHashSet<>();
        group.forEach(b -> kinds.add(what(b).substring(0, what(b).lastIndexOf(' '))));
        out.printf(Locale.ROOT, ROW, group.size() + (complete ? "" : "*"), String.join(", ", kinds),
                Units.fixed(bytesPerSecond / 1e6, 1), Units.fixed(bytesPerSecond / (1 << 20), 1),
                Units.fixed(iops, 0));
        out.println("per job: " + perJob(group.stream().map(GroupText::meanRate).toList()) + " MB/s");
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
        String s = j.workload().rw().label() + " " + Sizes.binary(j.workload().blockSize());
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

    /**
     * A run's rate over its elapsed time with the final sync ({@code withSync}, the time dd's conv=fdatasync counts)
     * or without it: the kernel-dd table's second view, the bytes over the time until the last write returned.
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
