package org.iobench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iobench.advise.Advisor;
import org.iobench.job.Deliberate;
import org.iobench.job.JobSpec;
import org.iobench.report.GroupText;
import org.iobench.report.JsonReport;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.TestId;
import org.iobench.sys.Libc;
import org.iobench.workload.Benchmark;
import org.iobench.workload.GroupRunner;
import org.iobench.workload.JobCutShortException;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.iobench.workload.files.FileSet;
import org.iobench.workload.files.TargetPreparer;

/**
 * Runs jobs for a command and turns the outcome into output and an exit status: 0 when every run completed,
 * 1 when an I/O error cut one short (partial results printed and marked) or the results could not all be kept,
 * 128 + the signal's number after SIGINT (130), SIGTERM (143) or SIGHUP (129). What keeps the results
 * ({@code -o} file, database) was checked before the first run (see {@link RunOutputs#execution}); after the
 * runs both are attempted even if one fails, so a bad disk for one does not lose the other.
 */
final class Execution {
    private final Output.Choice output;
    private final boolean quiet;
    private final MonitorOptions monitor;
    private final OutputFile jsonFile; // null: none
    private final PrintStream out;
    private final PrintStream err;
    private final boolean debug;
    private ResultSaver saver; // store: null = not saved
    private boolean silentSave;
    private List<Deliberate> deliberate = List.of();
    private boolean tests;
    private boolean sharedFiles;

    Execution(Output.Choice output, boolean quiet, MonitorOptions monitor, PrintStream out, PrintStream err,
              boolean debug) {
        this.output = output;
        this.quiet = quiet;
        this.monitor = monitor;
        this.jsonFile = output.file();
        this.out = out;
        this.err = err;
        this.debug = debug;
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

    /** The advisor gives {@code choices} (a suite's deliberate settings) as notes instead of warnings. */
    Execution acknowledging(List<Deliberate> choices) {
        this.deliberate = List.copyOf(choices);
        return this;
    }

    /**
     * The stages are the tests of a suite or job file: each result keeps its test's name and its place in the
     * test's group ({@link TestId}), which the store keeps and {@code compare} groups by.
     */
    Execution asTests() {
        this.tests = true;
        return this;
    }

    /**
     * The stages are a fio job file's: a file several jobs use is prepared once before the first stage that uses it
     * starts, kept between stages and closed at the end ({@link FileSet}).
     */
    Execution sharingFiles() {
        this.sharedFiles = true;
        return this;
    }

    /** Test {@code i} of {@code stage}: a lone job is the test of its name, a parallel group the test of its label. */
    static TestId testOf(List<JobSpec> stage, int i) {
        JobSpec job = stage.get(i);
        if (stage.size() == 1) {
            return TestId.single(job.name());
        }
        String group = job.grouping().group();
        return new TestId(group.isBlank() ? stage.getFirst().name() : group, i + 1, stage.size());
    }

    /** Checks what the job spec alone cannot: the engine exists and can do what was asked ({@link EngineFit}). */
    static void checkEngine(JobSpec spec) {
        EngineFit.check(spec);
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
        AgentScope agent = AgentScope.current(); // cluster: an agent runs this for a controller
        if (agent != null) {
            stages = stages.stream().map(stage -> stage.stream().map(agent.vet()).toList()).toList();
        }
        List<JobSpec> specs = stages.stream().flatMap(List::stream).toList();
        specs.forEach(Execution::checkEngine);
        if (jsonFile != null) {
            specs.forEach(spec -> jsonFile.refuseTarget(spec.target()));
        }
        checkTargets(specs);
        RunControl control = agent != null ? agent.control() : new RunControl();
        if (agent == null) {
            SignalTrap.install(control);
        }
        boolean live = agent == null && !quiet && Libc.isatty(2);
        // the listener hears the first job of a parallel group only
        ProgressLine progress = live ? new ProgressLine(err, stages.stream().map(List::getFirst).toList()) : null;
        RunListener listener = agent != null ? agent.listener() : progress != null ? progress : RunListener.NONE;
        List<BenchmarkResult> results = new ArrayList<>();
        FileSet files = sharedFiles ? FileSet.of(stages, TargetPreparer.system()) : null;
        Benchmark benchmark = Benchmark.system(monitor.sampleIntervalMillis()).sharing(files);
        Advisor advisor = Advisor.standard().acknowledging(deliberate);
        Exception laterFailure = null; // a stage that failed after earlier ones finished: reported after keeping them
        try {
            for (List<JobSpec> stage : stages) {
                if (control.stopped() || control.skipsRest()) {
                    break;
                }
                try {
                    if (files != null) {
                        files.prepare(stage, control::stopped); // before the stage's barrier: no job races to create
                    }
                    List<BenchmarkResult> done = stage.size() == 1
                            ? List.of(advisor.advise(benchmark.execute(stage.getFirst(), control, listener)))
                            : advisor.adviseGroup(new GroupRunner(() -> Benchmark.system(
                                    monitor.sampleIntervalMillis()).sharing(files)).execute(stage, control, listener));
                    for (int i = 0; i < done.size(); i++) {
                        results.add(tests ? done.get(i).withTest(testOf(stage, i)) : done.get(i));
                    }
                } catch (IOException | RuntimeException e) {
                    if (control.interrupted() && e instanceof java.io.InterruptedIOException) {
                        break; // stopped while preparing: that job left no result
                    }
                    if (e instanceof JobCutShortException cut) {
                        results.add(advisor.advise(cut.partial())); // the repetitions that ran are kept
                    }
                    if (results.isEmpty()) {
                        throw e instanceof RuntimeException r ? r
                                : new ExitException(ExitException.IO_FAILURE, e.getMessage(), e);
                    }
                    laterFailure = e; // whatever failed, the stages that finished are printed and kept first
                    break;
                }
            }
        } finally {
            if (files != null) {
                files.close(); // the job file is done: files iobench created are removed unless kept
            }
            if (progress != null) {
                progress.finish();
            }
        }
        int kept = 0;
        if (agent != null) {
            agent.results().accept(results); // the controller prints and saves them
        } else {
            kept = keep(results, emit(results, text));
        }
        if (control.interrupted()) {
            boolean all = results.size() == specs.size() && results.stream().allMatch(BenchmarkResult::complete);
            err.println("iobench: interrupted by " + control.interruptedBy() + (all
                    ? " after every run had finished; the results above are complete"
                    : results.isEmpty() ? " before any run had started; nothing was measured or saved"
                    : "; the results above are partial"));
            return SignalTrap.exitStatus(control);
        }
        for (BenchmarkResult b : results) {
            for (RunResult r : b.runs()) {
                if (!r.complete()) {
                    err.println("iobench: " + b.job().name() + " run " + r.run() + " stopped: "
                            + r.outcome().stopReason()
                            + "; its figures are partial and marked incomplete");
                    return ExitException.IO_FAILURE;
                }
            }
        }
        if (laterFailure != null) {
            return ErrorHandler.report(laterFailure, err, debug);
        }
        int verified = VerifyFailures.report(results, err);
        return kept == 0 && verified == 0 ? 0 : ExitException.IO_FAILURE;
    }

    /**
     * Makes every job's target refusals (consent, devices and files in use, targets another process runs on)
     * before the first job starts, so a suite or job file is refused whole rather than after its first jobs ran.
     */
    static void checkTargets(List<JobSpec> specs) {
        Benchmark benchmark = Benchmark.system();
        for (JobSpec spec : specs) {
            try {
                benchmark.check(spec);
            } catch (IOException e) {
                throw new ExitException(ExitException.IO_FAILURE, e.getMessage());
            }
        }
    }

    /**
     * The parallel groups among {@code results}, as the text prints them: {@code {"groups": [{group, jobs,
     * perJob ("2x44.5"), aggregateBytesPerSecond}]}}, or nothing when no job ran in a group.
     */
    static Map<String, Object> groupsOf(List<BenchmarkResult> results) {
        Map<String, List<BenchmarkResult>> byGroup = new java.util.LinkedHashMap<>();
        for (BenchmarkResult b : results) {
            String g = b.job().grouping().group();
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

    /** Whether the command should make the JSON document: {@code --format json} or an {@code -o} file. */
    boolean wantsJson() {
        return output.format().equals("json");
    }

    /** Whether standard output carries the JSON document ({@code --format json} without a file), not text. */
    boolean jsonOnStdout() {
        return wantsJson() && output.toStdout();
    }

    /** Prints the results (text, or the JSON document); returns the JSON document, or null when none is wanted. */
    private String emit(List<BenchmarkResult> results, Consumer<List<BenchmarkResult>> text) {
        String json = wantsJson() ? JsonReport.write(results, Version.get(), groupsOf(results)) : null;
        if (jsonOnStdout()) {
            out.print(json);
        } else if (!results.isEmpty()) {
            text.accept(results);
        }
        out.flush();
        return json;
    }

    /**
     * Keeps what the runs paid for: saves {@code results} in the database and writes {@code json} to the
     * {@code -o} file (unless that is stdout, already printed). Both are attempted; each failure is reported.
     *
     * @return 0, or 1 when something could not be kept
     */
    int keep(List<BenchmarkResult> results, String json) {
        return keep(results.isEmpty(), json, quiet -> saver.save(results, quiet, err));
    }

    /** Keeps a multi-host run as {@link #keep} does: its parts (each with its environment and labels) and JSON. */
    int keepParts(List<ResultSaver.Part> parts, String json) {
        return keep(parts.isEmpty(), json, quiet -> saver.saveParts(parts, quiet, err));
    }

    private int keep(boolean nothing, String json, java.util.function.Consumer<Boolean> save) {
        int status = 0;
        if (saver != null) {
            try {
                save.accept(quiet || silentSave); // store
            } catch (RuntimeException e) {
                status = Math.max(status, reported(e));
            }
        }
        if (jsonFile != null && !jsonFile.toStdout() && json != null && !nothing) {
            try {
                jsonFile.write(json, null);
            } catch (java.io.IOException e) {
                status = Math.max(status, reported(e));
            }
        }
        return status == 0 ? 0 : ExitException.IO_FAILURE;
    }

    private int reported(Exception e) {
        return ErrorHandler.report(e, err, debug);
    }
}
