package org.iobench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iobench.advise.Advisor;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.Engines;
import org.iobench.job.JobSpec;
import org.iobench.report.GroupText;
import org.iobench.report.JsonReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.sys.Libc;
import org.iobench.workload.Benchmark;
import org.iobench.workload.GroupRunner;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * Runs jobs for a command and turns the outcome into output and an exit status: 0 when every run completed,
 * 1 when an I/O error cut one short (partial results printed and marked), 130 after Ctrl-C.
 */
final class Execution {
    private final OutputOptions output;
    private final MonitorOptions monitor;
    private final PrintStream out;
    private final PrintStream err;
    private ResultSaver saver; // store: null = not saved
    private boolean silentSave;

    Execution(OutputOptions output, MonitorOptions monitor, PrintStream out, PrintStream err) {
        this.output = output;
        this.monitor = monitor;
        this.out = out;
        this.err = err;
    }

    /** store: saves the results after printing them (unless {@code --no-store}); a failed save makes the status 1. */
    Execution saveWith(StoreOptions store) {
        this.saver = new ResultSaver(store);
        return this;
    }

    /** Saves like {@link #saveWith} without announcing the run id: dd's stderr must stay exactly dd's. */
    Execution saveSilentlyWith(StoreOptions store) {
        this.silentSave = true;
        return saveWith(store);
    }

    /** Checks what the job spec alone cannot: the engine exists and can do what was asked. */
    static void checkEngine(JobSpec spec) {
        EngineProvider provider = Engines.byName(spec.engine()).orElseThrow(() -> new ExitException(
                ExitException.USAGE, "--engine " + spec.engine() + ": unknown engine (known: "
                + String.join(", ", Engines.names()) + ")"));
        if (provider.synchronous() && spec.iodepth() > 1) {
            throw new ExitException(ExitException.USAGE, "--iodepth " + spec.iodepth() + ": the " + spec.engine()
                    + " engine completes each request before the next, so a depth above 1 would do nothing;"
                    + " use --threads N for parallelism" + (Engines.names().contains("uring")
                    ? " or --engine uring" : ""));
        }
        if (spec.fixedBuffers() && !spec.engine().equals("uring")) {
            throw new ExitException(ExitException.USAGE, "--fixed-buffers: registers buffers and files with"
                    + " io_uring (--engine uring); the " + spec.engine() + " engine has nothing to register");
        }
        if (!provider.storage() && spec.verify().enabled()) {
            throw new ExitException(ExitException.USAGE, "--verify " + spec.verify().label() + ": the "
                    + spec.engine() + " engine reads and writes nothing, so there is nothing to verify");
        }
        if (!provider.storage() && spec.rw() == org.iobench.job.RwMode.COPY) {
            throw new ExitException(ExitException.USAGE, "--rw copy: the " + spec.engine()
                    + " engine reads and writes nothing, so it cannot copy");
        }
    }

    /** Runs {@code specs} in order and prints them with {@code text}; returns the exit status. */
    int run(List<JobSpec> specs, Consumer<List<BenchmarkResult>> text) {
        return runStages(specs.stream().map(List::of).toList(), text);
    }

    /**
     * Runs {@code stages} in order, the jobs of a stage in parallel (a {@link GroupRunner group}), and prints all
     * results with {@code text}, in job order; returns the exit status.
     */
    int runStages(List<List<JobSpec>> stages, Consumer<List<BenchmarkResult>> text) {
        List<JobSpec> specs = stages.stream().flatMap(List::stream).toList();
        specs.forEach(Execution::checkEngine);
        RunControl control = new RunControl();
        SigintTrap.install(control);
        boolean live = !output.quiet && Libc.isatty(2);
        int totalRuns = specs.stream().mapToInt(JobSpec::runs).sum();
        ProgressLine progress = live ? new ProgressLine(err, totalRuns) : null;
        RunListener listener = progress != null ? progress : RunListener.NONE;
        List<BenchmarkResult> results = new ArrayList<>();
        Benchmark benchmark = Benchmark.system(monitor.sampleIntervalMillis());
        Advisor advisor = Advisor.standard();
        String setupError = null;
        for (List<JobSpec> stage : stages) {
            if (control.stopped()) {
                break;
            }
            try {
                if (stage.size() == 1) {
                    results.add(advisor.advise(benchmark.execute(stage.getFirst(), control, listener)));
                } else {
                    new GroupRunner(() -> Benchmark.system(monitor.sampleIntervalMillis()))
                            .execute(stage, control, listener).forEach(b -> results.add(advisor.advise(b)));
                }
            } catch (IOException e) {
                if (results.isEmpty()) {
                    throw new ExitException(ExitException.IO_FAILURE, e.getMessage());
                }
                setupError = e.getMessage();
                break;
            }
        }
        emit(results, text);
        boolean saved = saver == null || saver.save(results, output.quiet || silentSave, err); // store
        if (control.interrupted()) {
            err.println("iobench: interrupted; the results above are partial");
            return ExitException.INTERRUPTED;
        }
        for (BenchmarkResult b : results) {
            for (RunResult r : b.runs()) {
                if (!r.complete()) {
                    err.println("iobench: " + b.job().name() + " run " + r.run() + " stopped: " + r.stopReason()
                            + "; its figures are partial and marked incomplete");
                    return ExitException.IO_FAILURE;
                }
            }
        }
        if (setupError != null) {
            err.println("iobench: " + setupError);
            return ExitException.IO_FAILURE;
        }
        int verified = VerifyFailures.report(results, err);
        return saved && verified == 0 ? 0 : ExitException.IO_FAILURE;
    }

    /**
     * The parallel groups among {@code results}, as the text prints them: {@code {"groups": [{group, jobs,
     * perJob ("2x44.5"), aggregateBytesPerSecond}]}}, or nothing when no job ran in a group.
     */
    static Map<String, Object> groupsOf(List<BenchmarkResult> results) {
        Map<String, List<BenchmarkResult>> byGroup = new java.util.LinkedHashMap<>();
        for (BenchmarkResult b : results) {
            String g = b.job().group();
            if (g != null && !g.isBlank()) {
                byGroup.computeIfAbsent(g, k -> new ArrayList<>()).add(b);
            }
        }
        if (byGroup.isEmpty()) {
            return Map.of();
        }
        List<Map<String, Object>> groups = new ArrayList<>();
        byGroup.forEach((name, members) -> {
            Map<String, Object> g = new java.util.LinkedHashMap<>();
            g.put("group", name);
            g.put("jobs", members.stream().map(b -> b.job().name()).toList());
            g.put("perJob", GroupText.perJob(members.stream().map(GroupText::meanRate).toList()));
            g.put("aggregateBytesPerSecond", GroupText.aggregate(members));
            groups.add(g);
        });
        return Map.of("groups", groups);
    }

    private void emit(List<BenchmarkResult> results, Consumer<List<BenchmarkResult>> text) {
        String json = null;
        if (output.jsonFile != null || output.output == OutputOptions.Format.json) {
            json = JsonReport.write(results, Version.get(), groupsOf(results));
        }
        if (output.output == OutputOptions.Format.json) {
            out.print(json);
        } else if (!results.isEmpty()) {
            text.accept(results);
        }
        out.flush();
        output.writeJsonFile(json);
    }
}
