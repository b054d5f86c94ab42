package org.iobench.cli.cluster;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.iobench.cluster.ClusterResult;
import org.iobench.cluster.ControllerOutcome;
import org.iobench.cluster.HostPart;
import org.iobench.cluster.JobRequest;
import org.iobench.cluster.Stonewall;
import org.iobench.report.Units;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.LatencySummary;
import org.iobench.result.RunResult;
import org.iobench.result.Totals;

/**
 * The text of a multi-host run: the start skew, then per job and run one row per host and two aggregate rows:
 * {@code all (last done)}, the exact sums over the longest host's time with the merged latency percentiles, and
 * {@code all (stonewall)}, the rate while every host was running. MB/s = 10^6 bytes per second.
 */
final class ClusterText {
    private static final String ROW = "%-18s %14s %10s %10s %10s  %-21s %-21s %s%n";

    private ClusterText() {}

    static void print(JobRequest request, ControllerOutcome outcome, ClusterResult result, PrintStream out) {
        List<String> names = result.parts().stream().map(HostPart::host).toList();
        out.println(names.size() + " hosts (" + String.join(", ", names) + "): " + request.command() + " "
                + String.join(" ", request.args()));
        out.println(skew(outcome.starts()));
        for (int i = 0; i < result.aggregate().size(); i++) {
            BenchmarkResult all = result.aggregate().get(i);
            for (RunResult aggregate : all.runs()) {
                out.println();
                out.println(all.job().name() + " (" + all.job().target() + "), run " + aggregate.run() + " of "
                        + all.job().timing().runs());
                out.printf(Locale.ROOT, ROW, "host", "bytes", "elapsed", "MB/s", "IOPS", "read p50 / p99",
                        "write p50 / p99", "");
                for (HostPart p : result.parts()) {
                    RunResult r = run(p, i, aggregate.run());
                    if (r == null) {
                        out.printf(Locale.ROOT, "%-18s %s%n", p.host(), p.lost() ? "lost: " + p.message()
                                : "no result" + (p.message() != null ? ": " + p.message() : ""));
                    } else {
                        row(out, p.host(), r, r.complete() ? "" : "INCOMPLETE: " + r.outcome().stopReason());
                    }
                }
                row(out, "all (last done)", aggregate, aggregate.complete() ? "" : "INCOMPLETE");
                Stonewall s = result.stonewall(i, aggregate.run());
                if (s != null && result.parts().size() > 1) {
                    out.printf(Locale.ROOT, ROW, "all (stonewall)", String.format(Locale.ROOT, "%.0f", s.bytes()),
                            seconds(s.firstDoneNanos()), Units.fixed(s.bytesPerSecond() / 1e6, 1),
                            Units.sig3(s.iops()), "", "", "until " + s.firstDone() + " finished (" + s.lastDone()
                                    + " last, at " + seconds(s.lastDoneNanos()) + ")");
                }
            }
            for (HostPart p : result.parts()) {
                if (i < p.benchmarks().size()) {
                    for (Finding f : p.benchmarks().get(i).findings()) {
                        out.println("warning: " + p.host() + ": " + f.line());
                    }
                }
            }
        }
    }

    static String skew(List<ControllerOutcome.StartSkew> starts) {
        if (starts.isEmpty()) {
            return "start skew: not measured (fewer than two hosts started together)";
        }
        ControllerOutcome.StartSkew worst = starts.getFirst();
        for (ControllerOutcome.StartSkew s : starts) {
            if (s.skewNanos() > worst.skewNanos()) {
                worst = s;
            }
        }
        return "start skew: " + Units.latency(worst.skewNanos()) + " at most over " + starts.size() + " barrier"
                + (starts.size() == 1 ? "" : "s") + " (" + worst.job() + " run " + worst.run() + ": " + worst.earliest()
                + " first, " + worst.latest() + " last; released within " + Units.latency(worst.releaseSkewNanos())
                + "; clock offsets known to ±" + Units.latency(worst.uncertaintyNanos()) + ")";
    }

    private static RunResult run(HostPart p, int index, int run) {
        if (index >= p.benchmarks().size()) {
            return null;
        }
        return p.benchmarks().get(index).runs().stream().filter(r -> r.run() == run).findFirst().orElse(null);
    }

    private static void row(PrintStream out, String name, RunResult r, String note) {
        Totals t = r.totals();
        out.printf(Locale.ROOT, ROW, name, t.bytes(), seconds(t.elapsedNanos()),
                Units.fixed(t.megabytesPerSecond(), 1), Units.sig3(t.iops()), latency(r.latencies().read()),
                latency(r.latencies().write()), note);
    }

    private static String latency(LatencySummary l) {
        return l == null || l.count() == 0 ? "-" : Units.latency(l.p50Ns()) + " / " + Units.latency(l.p99Ns());
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }
}
