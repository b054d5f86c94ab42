package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.JobSpec;
import org.iobench.job.RwMode;
import org.iobench.job.Sizes;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Stat;
import org.iobench.result.TargetInfo;
import org.iobench.result.Totals;

/**
 * The text form of a benchmark: a heading, dd's closing line for each run, then a compact table with one row per
 * run and, for several runs, min / avg / max / stddev / cv rows.
 */
public final class RunText {
    private static final String ROW = "%-8s %10s %10s %10s %9s %9s %9s %9s %9s %9s %8s%n";

    private RunText() {}

    /** Prints {@code b}; with {@code vmstat}, each run's system samples follow as vmstat and iostat lines. */
    public static void print(BenchmarkResult b, PrintStream out, boolean vmstat) {
        out.println(heading(b.job(), b.target()));
        if (b.runs().isEmpty()) {
            out.println("no run took place (stopped while preparing the target)");
            return;
        }
        for (RunResult r : b.runs()) {
            out.println(ddLine(r, b.job()));
        }
        out.println();
        out.printf(Locale.ROOT, ROW, "run", "MB/s", "MiB/s", "IOPS", "lat min", "p50", "p90", "p99", "p99.9", "max",
                "sync s");
        for (RunResult r : b.runs()) {
            Totals t = r.totals();
            LatencySummary l = dominant(r);
            out.printf(Locale.ROOT, ROW, r.run() + (r.complete() ? "" : "*"), Units.fixed(t.megabytesPerSecond(), 1),
                    Units.fixed(t.mebibytesPerSecond(), 1), Units.fixed(t.iops(), 0), Units.latency(l.minNs()),
                    Units.latency(l.p50Ns()), Units.latency(l.p90Ns()), Units.latency(l.p99Ns()),
                    Units.latency(l.p999Ns()), Units.latency(l.maxNs()),
                    t.syncs() == 0 ? "-" : Units.fixed(t.syncNanos() / 1e9, 3));
        }
        if (b.runs().size() > 1) {
            Stat bw = b.summary().bytesPerSecond();
            Stat iops = b.summary().iops();
            statRow(out, "min", bw.min(), iops.min());
            statRow(out, "avg", bw.mean(), iops.mean());
            statRow(out, "max", bw.max(), iops.max());
            statRow(out, "stddev", bw.stddev(), iops.stddev());
            out.printf(Locale.ROOT, "%-8s %10s %10s %10s%n", "cv", Units.percent(bw.cv()), Units.percent(bw.cv()),
                    Units.percent(iops.cv()));
        }
        if (b.runs().stream().anyMatch(r -> !r.complete())) {
            out.println("* incomplete run: figures cover the part that ran");
        }
        if (b.job().workload().rw().mixed() || b.job().workload().rw() == RwMode.COPY) {
            printMixedLatency(b.runs(), out);
        }
        if (!b.job().engine().has(EngineFlag.SYNC)) { // slat is ~0 by construction
            printLatencySplit(b.runs(), out);
        }
        LimitsText.print(b, out);
        for (RunResult r : b.runs()) {
            if (r.extras().verification() != null) {
                out.print("run " + r.run() + " ");
                VerifyText.print(r.extras().verification(), out);
            }
        }
        for (RunResult r : b.runs()) {
            for (String w : r.outcome().warnings()) {
                out.println("warning: run " + r.run() + ": " + w);
            }
        }
        printFindings(b, out);
        if (vmstat) {
            b.runs().forEach(r -> VmstatBlock.print(r, out));
        }
    }

    /**
     * The vmstat block of a parallel group ({@code --vmstat} with a job file): the system's samples are the machine's,
     * taken while all the group's jobs ran; they are printed once, as its first job's monitor took them.
     */
    public static void printGroupVmstat(List<BenchmarkResult> group, PrintStream out) {
        BenchmarkResult first = group.getFirst();
        out.println();
        out.println("vmstat while " + group.size() + " jobs ran together (sampled by job " + first.job().name() + "):");
        first.runs().forEach(r -> VmstatBlock.print(r, out));
    }

    /** The advisor's findings, one line each ({@link FindingText}). */
    public static void printFindings(BenchmarkResult b, PrintStream out) {
        FindingText.print(List.of(b), out);
    }

    private static void statRow(PrintStream out, String label, double bytesPerSecond, double iops) {
        out.printf(Locale.ROOT, "%-8s %10s %10s %10s%n", label, Units.fixed(bytesPerSecond / 1e6, 1),
                Units.fixed(bytesPerSecond / (1 << 20), 1), Units.fixed(iops, 0));
    }

    private static void printMixedLatency(List<RunResult> runs, PrintStream out) {
        out.println();
        out.printf(Locale.ROOT, "%-8s %-6s %10s %9s %9s %9s %9s %9s%n", "run", "op", "ops", "p50", "p90", "p99",
                "p99.9", "max");
        for (RunResult r : runs) {
            List<Map.Entry<String, LatencySummary>> ops = new ArrayList<>(List.of(
                    Map.entry("read", r.latencies().read()), Map.entry("write", r.latencies().write())));
            if (r.latencies().all() != null) {
                ops.add(Map.entry("all", r.latencies().all()));
            }
            for (var e : ops) {
                LatencySummary l = e.getValue();
                out.printf(Locale.ROOT, "%-8s %-6s %10d %9s %9s %9s %9s %9s%n", r.run(), e.getKey(), l.count(),
                        Units.latency(l.p50Ns()), Units.latency(l.p90Ns()), Units.latency(l.p99Ns()),
                        Units.latency(l.p999Ns()), Units.latency(l.maxNs()));
            }
        }
    }

    /** fio's slat and clat apart, for engines where submission and completion differ (io_uring). */
    private static void printLatencySplit(List<RunResult> runs, PrintStream out) {
        if (runs.stream().allMatch(r -> r.latencies().split() == null)) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "%-8s %9s %9s %9s %9s %9s %9s%n", "run", "slat p50", "p99", "max", "clat p50",
                "p99", "max");
        for (RunResult r : runs) {
            if (r.latencies().split() == null) {
                continue;
            }
            LatencySummary s = r.latencies().split().submission();
            LatencySummary c = r.latencies().split().completion();
            out.printf(Locale.ROOT, "%-8s %9s %9s %9s %9s %9s %9s%n", r.run(), Units.latency(s.p50Ns()),
                    Units.latency(s.p99Ns()), Units.latency(s.maxNs()), Units.latency(c.p50Ns()),
                    Units.latency(c.p99Ns()), Units.latency(c.maxNs()));
        }
    }

    /**
     * The latency to show in the one-row-per-run table: of all requests (a mixed job's reads and writes together);
     * for results recorded before that existed, reads, writes, or for mixed jobs the larger p99.
     */
    static LatencySummary dominant(RunResult r) {
        return r.latencies().allOrLarger();
    }

    public static String heading(JobSpec j, TargetInfo t) {
        StringBuilder b = new StringBuilder();
        b.append(j.name()).append(": ").append(j.workload().rw());
        if (j.workload().rw().mixed()) {
            b.append(" (").append(j.workload().mixReadPercent()).append("% reads)");
        }
        b.append(", bs ").append(Sizes.binary(j.workload().blockSize()));
        b.append(", ").append(j.queue().threads()).append(j.queue().threads() == 1 ? " thread" : " threads");
        b.append(", ").append(j.queue().engine());
        if (j.queue().iodepth() > 1) {
            b.append(" iodepth ").append(j.queue().iodepth());
        }
        b.append(j.durability().direct() ? ", direct" : ", buffered");
        b.append(", sync ").append(j.durability().sync());
        if (j.durability().fsyncEvery() > 0) {
            b.append(" + fsync every ").append(j.durability().fsyncEvery()).append(" writes");
        }
        if (j.durability().dropCache()) {
            b.append(", cache dropped before each run");
        }
        b.append("\ntarget ").append(t.path()).append(" (").append(t.kind());
        if (t.created()) {
            b.append(", created");
        }
        b.append(", ").append(Sizes.binary(t.regionBytes())).append(" region");
        if (t.filesystem() != null) {
            b.append(", ").append(t.filesystem());
        }
        if (t.device() != null) {
            b.append(" on ").append(t.device());
        }
        b.append(")");
        return b.toString();
    }

    /** dd's closing line, plus the binary rate and the sync time: {@code run 1: 1073741824 bytes (...) written, ...}. */
    public static String ddLine(RunResult r, JobSpec j) {
        Totals t = r.totals();
        String moved;
        if (t.bytesTrimmed() > 0 || j.workload().rw().trims()) { // fio's trim direction: its bytes named apart
            moved = (t.bytesWritten() > 0 || j.workload().rw().writes() ? t.bytesWritten() + " bytes written + " : "")
                    + t.bytesTrimmed() + " bytes trimmed (" + Units.sizeDecimal(t.bytes()) + ", "
                    + Units.sizeBinary(t.bytes()) + ")";
        } else if (t.bytesRead() > 0 && t.bytesWritten() > 0) {
            moved = t.bytesRead() + " bytes read + " + t.bytesWritten() + " bytes written ("
                    + Units.sizeDecimal(t.bytes()) + ", " + Units.sizeBinary(t.bytes()) + ")";
        } else {
            moved = t.bytes() + " bytes (" + Units.sizeDecimal(t.bytes()) + ", " + Units.sizeBinary(t.bytes()) + ") "
                    + (t.bytesWritten() > 0 || (j.workload().rw().writes() && !j.workload().rw().reads())
                            ? "written" : "read");
        }
        StringBuilder b = new StringBuilder();
        b.append("run ").append(r.run()).append(": ").append(moved).append(", ")
                .append(String.format(Locale.ROOT, "%.4f s", t.elapsedSeconds())).append(", ")
                .append(Units.rateDecimal(t.bytesPerSecond())).append(" (")
                .append(Units.rateBinary(t.bytesPerSecond())).append("), ")
                .append(Units.fixed(t.iops(), 0)).append(" IOPS");
        if (t.syncs() > 0) {
            b.append(String.format(Locale.ROOT, "; %s %.4f s included",
                    j.durability().sync().syncsAtEnd() ? j.durability().sync().label() : "fsync", t.syncNanos() / 1e9));
        }
        if (!r.complete()) {
            b.append(" [INCOMPLETE: ").append(r.outcome().stopReason()).append(']');
        }
        return b.toString();
    }
}
