package org.iobench.session;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.iobench.advise.Advisor;
import org.iobench.job.Deliberate;
import org.iobench.job.Dialect;
import org.iobench.job.JobSpec;
import org.iobench.report.GroupText;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.TestId;
import org.iobench.search.Curve;
import org.iobench.search.JobMeasurer;
import org.iobench.workload.Benchmark;
import org.iobench.workload.GroupRunner;
import org.iobench.workload.files.FileSet;
import org.iobench.workload.files.ScratchFiles;
import org.iobench.workload.files.TargetPreparer;
import org.iobench.workload.JobCutShortException;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * The run pipeline of every command that runs jobs, below the command line: check every job (the host's vetting,
 * the engines, the targets) before the first byte of I/O → run the stages in order (the jobs of a stage in
 * parallel) → keep the results (print, write, save: whatever the {@link RunHost} does) → the exit status: 0 when
 * every run completed, 1 when an I/O error cut one short (partial results printed and marked) or the results could
 * not all be kept, 128 + the signal's number after SIGINT (130), SIGTERM (143) or SIGHUP (129).
 *
 * <pre>
 * Session session = new Session(host, 1000);               // the host: LocalHost or AgentHost
 * int status = session.asTests().runStages(stages, results -&gt; SuiteText.print(title, results, out));
 * </pre>
 */
public final class Session {
    private final RunHost host;
    private final long sampleIntervalMillis;
    private List<Deliberate> deliberate = List.of();
    private boolean tests;
    private String origin = "";
    private boolean sharedFiles;
    private boolean failureEndsStage;
    private Dialect dialect = Dialect.RUN;

    /**
     * @param host                 where the runs run and what becomes of their results
     * @param sampleIntervalMillis the system monitor's period (0: off)
     */
    public Session(RunHost host, long sampleIntervalMillis) {
        this.host = host;
        this.sampleIntervalMillis = sampleIntervalMillis;
    }

    /** The advisor gives {@code choices} (a suite's deliberate settings) as notes instead of warnings. */
    public Session acknowledging(List<Deliberate> choices) {
        this.deliberate = List.copyOf(choices);
        return this;
    }

    /** The advisor writes its fixes in {@code language}: the words of the command that made the jobs. */
    public Session speaking(Dialect language) {
        this.dialect = language;
        return this;
    }

    /**
     * The stages are the tests of a suite or job file: each result keeps its test's name and its place in the
     * test's group ({@link TestId}), which the store keeps and {@code compare} groups by.
     */
    public Session asTests() {
        this.tests = true;
        return this;
    }

    /** As {@link #asTests()}, the tests being those of {@code origin} (a job file's name, {@code suite quick}). */
    public Session asTests(String origin) {
        this.origin = origin == null ? "" : origin;
        return asTests();
    }

    /**
     * The stages are a fio job file's: a file several jobs use is prepared once before the first stage that uses it
     * starts, kept between stages and closed at the end ({@link FileSet}).
     */
    public Session sharingFiles() {
        this.sharedFiles = true;
        return this;
    }

    /**
     * An I/O error ends its job only, as fio runs a job file: the job's parallel partners run to their end and the
     * stages after it start ({@code exitall_on_error} is refused). The failed runs stay marked incomplete and the
     * status is still 1.
     */
    public Session failureEndsStageOnly() {
        this.failureEndsStage = true;
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

    /** Runs {@code specs} in order and prints them with {@code text}; returns the exit status. */
    public int run(List<JobSpec> specs, Consumer<List<BenchmarkResult>> text) {
        return runStages(specs.stream().map(List::of).toList(), text);
    }

    /**
     * Runs {@code stages} in order, the jobs of a stage in parallel (a {@link GroupRunner group}), and prints all
     * results with {@code text}, in job order; returns the exit status.
     */
    public int runStages(List<List<JobSpec>> stages, Consumer<List<BenchmarkResult>> text) {
        stages = stages.stream().map(stage -> stage.stream().map(host::vet).toList()).toList();
        List<JobSpec> specs = stages.stream().flatMap(List::stream).toList();
        specs.forEach(EngineChecks::check);
        MachineBounds.checkStages(stages);
        host.checkBeforeRuns(specs);
        checkTargets(specs);
        RunControl control = host.control();
        // the listener hears the first job of a parallel group only
        RunListener listener = host.listener(stages.stream().map(List::getFirst).toList());
        List<BenchmarkResult> results = new ArrayList<>();
        FileSet files = sharedFiles ? FileSet.of(stages, TargetPreparer.system()) : null;
        Benchmark benchmark = Benchmark.system(sampleIntervalMillis).sharing(files);
        Advisor advisor = Advisor.standard().acknowledging(deliberate).speaking(dialect);
        Exception laterFailure = null; // a stage that failed after earlier ones finished: reported after keeping them
        try {
            for (List<JobSpec> stage : stages) {
                if (control.stopped() && !(failureEndsStage && control.forgetFailure()) || control.skipsRest()) {
                    break;
                }
                try {
                    if (files != null) {
                        files.prepare(stage, control::stopped); // before the stage's barrier: no job races to create
                    }
                    List<BenchmarkResult> done = stage.size() == 1
                            ? List.of(advisor.advise(benchmark.execute(stage.getFirst(), control, listener)))
                            : advisor.adviseGroup(group(files).execute(stage, control, listener));
                    for (int i = 0; i < done.size(); i++) {
                        results.add(tests ? done.get(i).withTest(testOf(stage, i).from(origin)) : done.get(i));
                    }
                } catch (IOException | RuntimeException e) {
                    if (control.interrupted() && e instanceof InterruptedIOException) {
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
            host.runsEnded();
        }
        int kept = host.keep(results, text, groupsOf(results));
        PrintStream err = host.err();
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
            return Failures.report(laterFailure, err, host.debug());
        }
        int verified = VerifyFailures.report(results, err);
        return kept == 0 && verified == 0 ? 0 : ExitException.IO_FAILURE;
    }

    /** The runner of a parallel stage: with fio's rule, a job's I/O error ends that job only. */
    private GroupRunner group(FileSet files) {
        GroupRunner g = new GroupRunner(() -> Benchmark.system(sampleIntervalMillis).sharing(files));
        return failureEndsStage ? g.failuresEndTheirJobOnly() : g;
    }

    /** A search over settings of one job (saturate): runs its points through {@code measurer}, returns the curve. */
    @FunctionalInterface
    public interface Search {
        Curve run(JobMeasurer measurer) throws IOException;
    }

    /**
     * Runs a search from {@code base} (each point one run, advised like any other) and keeps its points as
     * {@link #runStages} keeps results; {@code text} prints the curve (null when the search stopped before it had
     * one) and the points, {@code json} gives the document's {@code search} part. The status: 0, 1 when a point
     * failed or was cut short or the points could not all be kept, 128 + the signal's number after a signal.
     */
    public int search(JobSpec base, Search search, BiConsumer<Curve, List<BenchmarkResult>> text,
                      Function<Curve, Map<String, Object>> json) throws IOException {
        checkTargets(List.of(base));
        RunControl control = host.control();
        RunListener listener = host.listener(null);
        Benchmark benchmark = Benchmark.system(sampleIntervalMillis);
        Advisor advisor = Advisor.standard().speaking(dialect);
        Curve curve = null;
        String setupError = null;
        List<BenchmarkResult> results;
        try (JobMeasurer m = new JobMeasurer(base, spec -> benchmark.execute(spec, control, listener),
                advisor::advise, ScratchFiles::remove)) {
            try {
                curve = search.run(m);
            } catch (IOException e) {
                if (control.interrupted() && e instanceof InterruptedIOException) {
                    // stopped while a step prepared its file: that step left no result
                } else if (m.results().isEmpty()) {
                    throw new ExitException(ExitException.IO_FAILURE, e.getMessage(), e);
                } else {
                    setupError = e.getMessage();
                }
            }
            results = m.results();
        } finally {
            host.runsEnded();
        }
        Curve found = curve;
        int kept = host.keep(results, points -> text.accept(found, points), json.apply(found));
        PrintStream err = host.err();
        if (control.interrupted()) {
            err.println("iobench: interrupted by " + control.interruptedBy() + "; the curve above is partial");
            return SignalTrap.exitStatus(control);
        }
        if (setupError != null) {
            err.println("iobench: " + setupError);
            return ExitException.IO_FAILURE;
        }
        if (results.stream().anyMatch(b -> !b.complete())) {
            String why = results.stream().flatMap(b -> b.runs().stream()).filter(r -> !r.complete())
                    .map(r -> r.outcome().stopReason()).filter(Objects::nonNull).findFirst()
                    .map(r -> " (" + r + ")").orElse("");
            err.println("iobench: a step was cut short" + why + "; the curve above stops there");
            return ExitException.IO_FAILURE;
        }
        return kept;
    }

    /**
     * Makes every job's target refusals (consent, devices and files in use, targets another process runs on)
     * before the first job starts, so a suite or job file is refused whole rather than after its first jobs ran.
     */
    public static void checkTargets(List<JobSpec> specs) {
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
    public static Map<String, Object> groupsOf(List<BenchmarkResult> results) {
        Map<String, List<BenchmarkResult>> byGroup = new LinkedHashMap<>();
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
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("group", name);
            g.put("jobs", members.stream().map(b -> b.job().name()).toList());
            g.put("perJob", GroupText.perJob(members.stream().map(GroupText::meanRate).toList()));
            g.put("aggregateBytesPerSecond", GroupText.aggregate(members));
            groups.add(g);
        });
        return Map.of("groups", groups);
    }
}
