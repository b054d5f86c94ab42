package org.iobench.report;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import org.iobench.job.Durations;
import org.iobench.job.RateLimit;
import org.iobench.job.SteadyCriterion;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.LatencySummary;
import org.iobench.result.Pacing;
import org.iobench.result.RunResult;
import org.iobench.result.SteadyOutcome;

/**
 * The lines a run with {@code --rate} or {@code --steady} adds under its table: the rate asked against the rate
 * achieved with raw and corrected latency side by side, and whether steady state was reached.
 */
final class LimitsText {
    private static final String ROW = "%-8s %-10s %10s %9s %9s %9s %9s %9s%n";

    private LimitsText() {}

    static void print(BenchmarkResult b, PrintStream out) {
        boolean header = false;
        for (RunResult r : b.runs()) {
            Pacing p = r.extras().pacing();
            if (p == null) {
                continue;
            }
            if (!header) {
                out.println();
                String asked = p.rate().unit() == RateLimit.Unit.IOPS ? p.rate().label()
                        : p.rate().label() + " = " + Units.fixed(p.targetOpsPerSecond(), 0) + " IOPS";
                out.printf(Locale.ROOT, "rate asked %s; latency raw (from issue) and corrected (from the intended"
                        + " start)%n", asked);
                out.printf(Locale.ROOT, ROW, "run", "latency", "IOPS", "p50", "p90", "p99", "p99.9", "max");
                header = true;
            }
            boolean reads = r.latencies().read().count() >= r.latencies().write().count();
            row(out, r, "raw", reads ? r.latencies().read() : r.latencies().write());
            row(out, r, "corrected", reads ? p.correctedReadLatency() : p.correctedWriteLatency());
        }
        for (RunResult r : b.runs()) {
            SteadyOutcome s = r.extras().steady();
            if (s != null) {
                out.println(steadyLine(r.run(), s));
            }
        }
    }

    private static void row(PrintStream out, RunResult r, String kind, LatencySummary l) {
        out.printf(Locale.ROOT, ROW, r.run(), kind, Units.fixed(r.totals().iops(), 0), Units.latency(l.p50Ns()),
                Units.latency(l.p90Ns()), Units.latency(l.p99Ns()), Units.latency(l.p999Ns()),
                Units.latency(l.maxNs()));
    }

    /** {@code run 1: steady state (iops:2% over 5s) reached after 7.0 s: mean 5012, max deviation 1.1%}. */
    static String steadyLine(int run, SteadyOutcome s) {
        SteadyCriterion c = s.criterion();
        String what = "run " + run + ": steady state (" + c.label() + " over "
                + Durations.format(Duration.ofNanos(c.windowNanos())) + ") ";
        String mean = c.metric() == SteadyCriterion.Metric.IOPS ? Units.fixed(s.windowMean(), 0) + " IOPS"
                : Units.rateDecimal(s.windowMean());
        if (s.reached()) {
            return what + String.format(Locale.ROOT, "reached after %.1f s: mean %s, max deviation %s", 
                    s.reachedAtNanos() / 1e9, mean, Units.percent(s.windowMaxDeviation()));
        }
        return what + "NOT reached: " + (Double.isNaN(s.windowMaxDeviation()) ? "the run ended before a full window"
                : "the last window deviated up to " + Units.percent(s.windowMaxDeviation()) + " from its mean " + mean);
    }
}
