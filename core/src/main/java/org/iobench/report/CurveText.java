package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.iobench.result.RunResult;
import org.iobench.search.Axis;
import org.iobench.search.Curve;
import org.iobench.search.Point;
import org.iobench.search.Setting;
import org.iobench.search.Stop;

/**
 * The text form of a search: one row per point in increasing load (threads, iodepth, rate asked, IOPS, MB/s,
 * p50, p99, gain over the row above, a bar of its IOPS against the highest step's, marks), then the knee, the best setting and why the search stopped.
 * Latencies of rate-limited points are the corrected ones and say so with a {@code *}.
 */
public final class CurveText {
    /** Width of the bar that draws each step's IOPS against the highest step's. */
    static final int BAR = 20;
    private static final String ROW = "%7s %7s %9s %10s %10s %9s %9s %8s  %-" + BAR + "s  %s";

    private CurveText() {}

    public static void print(Curve c, PrintStream out) {
        row(out, "threads", "iodepth", "rate", "IOPS", "MB/s", "p50", "p99", "gain", "IOPS of the highest", "");
        double before = Double.NaN;
        boolean anyCorrected = false;
        double highest = c.points().stream().mapToDouble(Point::iops).filter(Double::isFinite).max().orElse(0);
        for (Point p : c.sorted()) {
            Setting s = p.setting();
            double gain = Double.isNaN(before) || before == 0 ? Double.NaN : p.iops() / before - 1;
            String star = p.corrected() ? "*" : "";
            anyCorrected |= p.corrected();
            row(out, s.threads(), s.iodepth(),
                    s.rateOpsPerSecond() > 0 ? Units.fixed(s.rateOpsPerSecond(), 0) : "-", Units.fixed(p.iops(), 0),
                    Units.fixed(p.bytesPerSecond() / 1e6, 1), Units.latency(p.latency().p50Ns()) + star,
                    Units.latency(p.latency().p99Ns()) + star,
                    Double.isNaN(gain) ? "-" : String.format(Locale.ROOT, "%+.1f%%", gain * 100),
                    bar(p.iops(), highest), marks(c, p));
            before = p.iops();
        }
        out.println();
        if (anyCorrected) {
            out.println("* latency from each request's intended start on the rate schedule (coordinated omission"
                    + " corrected)");
        }
        if (c.target() == null) {
            out.println("knee: " + (c.knee() == null ? c.stop() == Stop.INCOMPLETE
                    ? "not reached (the search stopped at a step cut short)"
                    : "not reached (throughput still growing; raise --max)"
                    : describe(c.knee()) + (c.stop() == Stop.LATENCY_EXPLODED
                            ? ": the next step's p99 was more than 4 times its p99"
                            : ": the next two steps gained less than 5%")));
            out.println("best: " + (c.best() == null ? "none" : describe(c.best())));
        } else {
            if (c.axis() != Axis.RATE && c.knee() != null) {
                out.println("knee: " + describe(c.knee()));
            }
            out.println("highest load within " + c.target().label() + ": "
                    + (c.best() == null ? "none (even the lowest load measured misses it)" : describe(c.best())));
        }
        out.println("stopped: " + c.stop().description() + (c.stop() == Stop.INCOMPLETE ? cutShort(c) : ""));
    }

    private static void row(PrintStream out, Object... cells) {
        out.println(String.format(Locale.ROOT, ROW, cells).stripTrailing());
    }

    /** {@code #} for each twentieth of the highest IOPS (at least one for a step that did any). */
    static String bar(double iops, double highest) {
        if (!(iops > 0) || !(highest > 0)) {
            return "";
        }
        return "#".repeat((int) Math.max(1, Math.round(BAR * iops / highest)));
    }

    /** {@code ": ENOSPC (No space left on device) ..."}: why the first step cut short stopped; empty if unknown. */
    static String cutShort(Curve c) {
        for (Point p : c.points()) {
            if (!p.complete() && p.result() != null) {
                for (RunResult r : p.result().runs()) {
                    if (!r.complete() && r.outcome().stopReason() != null) {
                        return ": " + r.outcome().stopReason();
                    }
                }
            }
        }
        return "";
    }

    private static String marks(Curve c, Point p) {
        List<String> m = new ArrayList<>();
        if (!p.complete()) {
            m.add("incomplete");
        }
        if (c.target() != null && p.complete()) {
            m.add(c.target().met(p) ? "meets target" : "misses target");
        }
        if (p == c.knee()) {
            m.add("knee");
        }
        if (p == c.best()) {
            m.add("best");
        }
        return String.join(", ", m);
    }

    /** {@code "threads=8 (8000 IOPS, 32.8 MB/s, p99 1.50ms)"}. */
    public static String describe(Point p) {
        return String.format(Locale.ROOT, "%s (%s IOPS, %s MB/s, p99 %s%s)", p.setting().label(),
                Units.fixed(p.iops(), 0), Units.fixed(p.bytesPerSecond() / 1e6, 1),
                Units.latency(p.latency().p99Ns()), p.corrected() ? " corrected" : "");
    }
}
