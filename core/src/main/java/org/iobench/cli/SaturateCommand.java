package org.iobench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iobench.job.Durations;
import org.iobench.job.JobSpec;
import org.iobench.report.CurveText;
import org.iobench.report.RunText;
import org.iobench.result.BenchmarkResult;
import org.iobench.search.Axis;
import org.iobench.search.Curve;
import org.iobench.search.LatencySearch;
import org.iobench.search.LatencyTarget;
import org.iobench.search.SaturationRules;
import org.iobench.search.SaturationSearch;
import org.iobench.search.SearchSeries;
import org.iobench.search.Setting;
import org.iobench.session.EngineChecks;
import org.iobench.session.ExitException;
import org.iobench.session.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code iobench saturate [OPTIONS] TARGET}: raises parallelism until throughput stops growing (or finds the highest
 * load within {@code --latency-target}) and prints the curve, the knee and the best setting. Every point is a
 * short time-based run saved in the result store like a sweep's points, under one series label.
 */
@Command(name = "saturate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Find the limits: raise threads or queue depth step by step until throughput stops growing"
                + " (gain < 5%% over two steps) or latency explodes; or, with --latency-target, find the highest"
                + " load whose latency stays within it."})
final class SaturateCommand implements Callable<Integer> {
    static final long DEFAULT_STEP_NANOS = 3_000_000_000L;
    static final int DEFAULT_REFINE_LEVELS = 4;
    static final int DEFAULT_REFINE_RATE = 6;

    @Parameters(index = "0", paramLabel = "TARGET", description = "file, directory or block device")
    Path target;

    @Option(names = "--axis", paramLabel = "AXIS", description = "threads, iodepth, auto (threads, then iodepth at"
            + " the knee's threads) or rate (with --latency-target only); default: threads for psync, auto for async"
            + " engines (iodepth with --latency-target)")
    String axis;

    @Option(names = "--max", paramLabel = "N", converter = Converters.Count.class, description = "highest threads or iodepth to try (default: 256)")
    Integer max;

    @Option(names = "--step-time", paramLabel = "DURATION", converter = Converters.PositiveDuration.class,
            description = "length of each step's run (default: 3s)")
    Long stepNanos;

    @Option(names = "--latency-target", paramLabel = "pN=DURATION", description = "find the highest load whose"
            + " percentile stays within the bound: p99=2ms, p99.9=500us")
    String latencyTarget;

    @Option(names = "--refine", paramLabel = "N", converter = Converters.CountOrZero.class, description = "points spent bisecting the latency boundary"
            + " (default: 4 over threads/iodepth, 6 over a rate)")
    Integer refine;

    @Mixin
    JobOptions job = new JobOptions();

    @Mixin
    RunOutputs outputs = new RunOutputs();

    @Override
    public Integer call() throws IOException {
        checkOptions();
        long step = stepNanos == null ? DEFAULT_STEP_NANOS : stepNanos;
        // to the millisecond: two searches started within one second (a script's) are two series, never one
        String series = "saturate " + Instant.now().truncatedTo(ChronoUnit.MILLIS);
        JobSpec base = job.applyTo(JobSpec.builder(target)).timeNanos(step).runs(1).series(series).build();
        EngineChecks.check(base);
        boolean sync = EngineChecks.synchronous(base.queue().engine());
        LatencyTarget lt = latencyTarget == null ? null : LatencyTarget.parse(latencyTarget);
        Axis a = axis(sync, lt != null);
        if (a == Axis.RATE && lt == null) {
            throw ExitException.usage("--axis rate: needs --latency-target (the search looks"
                    + " for the highest rate within it, e.g. --latency-target p99=2ms)");
        }
        Setting start = new Setting(base.queue().threads(), base.queue().iodepth(), 0);
        Axis first = a == Axis.AUTO || a == Axis.RATE ? Axis.THREADS : a;
        int top = max == null ? Math.max(256, (int) start.level(first)) : max;
        if (a != Axis.RATE && (top < start.level(first) || top > 4096)) {
            throw ExitException.usage("--max " + top + ": must be between the starting "
                    + first + " (" + start.level(first) + ") and 4096");
        }
        base = base.toBuilder().series(new SearchSeries(a, lt, base.name(), series.substring(9)).label()).build();
        Session session = outputs.session();
        int levels = refine(a);
        JobSpec searched = base;
        return session.search(base, m -> lt == null
                        ? new SaturationSearch(m, SaturationRules.DEFAULT).run(start, a, top)
                        : new LatencySearch(m, SaturationRules.DEFAULT, levels).run(start, a, top, lt),
                (curve, results) -> print(searched, step, a, curve, results),
                curve -> Map.of("search", search(searched, step, curve)));
    }

    private void checkOptions() {
        if (job.timeNanos != null) {
            throw ExitException.usage("--time: saturate runs each step for --step-time"
                    + " (default 3s); use --step-time");
        }
        if (job.runs != null && job.runs != 1) {
            throw ExitException.usage("--runs " + job.runs + ": saturate runs each step once;"
                    + " repeat the whole search to see its spread");
        }
        if (job.rate != null) {
            throw ExitException.usage("--rate " + job.rate + ": saturate chooses the load"
                    + " itself; use --axis rate --latency-target p99=2ms to search over rates");
        }
        if (stepNanos != null && stepNanos < 100_000_000L) {
            throw ExitException.usage("--step-time " + Durations.format(
                    Duration.ofNanos(stepNanos)) + ": must be at least 100ms");
        }
        if (refine != null && (refine < 0 || refine > 20)) {
            throw ExitException.usage("--refine " + refine + ": must be 0..20");
        }
        if (refine != null && latencyTarget == null) {
            throw ExitException.usage("--refine " + refine + ": applies only with"
                    + " --latency-target");
        }
    }

    private Axis axis(boolean synchronousEngine, boolean latencyTargeted) {
        if (axis == null) {
            return synchronousEngine ? Axis.THREADS : latencyTargeted ? Axis.IODEPTH : Axis.AUTO;
        }
        Axis a = Axis.byLabel(axis).orElseThrow(() -> new ExitException(ExitException.USAGE, "--axis " + axis
                + ": not an axis (threads, iodepth, auto, rate)"));
        if (a == Axis.AUTO && latencyTargeted) {
            throw ExitException.usage("--axis auto: a latency-targeted search varies one axis;"
                    + " use --axis threads, iodepth or rate");
        }
        if (a == Axis.AUTO && synchronousEngine) {
            return Axis.THREADS;
        }
        if (a == Axis.IODEPTH && synchronousEngine) {
            throw ExitException.usage("--axis iodepth: the " + (job.engine == null ? EngineChecks.defaultEngine()
                    : job.engine) + " engine completes each request before the next; use --axis threads"
                    + EngineChecks.asyncSuggestion());
        }
        return a;
    }

    private int refine(Axis a) {
        return refine != null ? refine : a == Axis.RATE ? DEFAULT_REFINE_RATE : DEFAULT_REFINE_LEVELS;
    }

    /** The JSON document's {@code search}: what was searched, each step's length, the curve. */
    private static Map<String, Object> search(JobSpec base, long step, Curve curve) {
        Map<String, Object> search = new LinkedHashMap<>();
        search.put("kind", curve != null && curve.target() != null ? "latency-target" : "saturation");
        search.put("series", base.grouping().series());
        search.put("stepNanos", step);
        search.put("curve", curve);
        return search;
    }

    /** Prints the curve, the knee and the best setting, with the findings of the best point. */
    private void print(JobSpec base, long step, Axis a, Curve curve, List<BenchmarkResult> results) {
        PrintStream out = outputs.out();
        out.println("saturate " + a + ": " + RunText.heading(results.getFirst().job(),
                results.getFirst().target()).replaceFirst("^[^:]*: ", "").replaceFirst(", \\d+ threads?", ""));
        out.println("each step " + Durations.format(Duration.ofNanos(step)) + "; series \""
                + base.grouping().series() + "\"");
        out.println();
        if (curve != null) {
            CurveText.print(curve, out);
        }
        BenchmarkResult shown = curve != null && curve.best() != null && curve.best().result() != null
                ? curve.best().result() : results.getLast();
        RunText.printFindings(shown, out);
    }
}
