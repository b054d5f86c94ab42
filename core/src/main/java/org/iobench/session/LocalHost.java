package org.iobench.session;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iobench.catalog.EngineFlag;
import org.iobench.job.JobSpec;
import org.iobench.measure.RunLatencies;
import org.iobench.report.RunDocument;
import org.iobench.report.RunFormat;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.store.DatabaseFiles;
import org.iobench.sysmon.DiskUtil;
import org.iobench.sysmon.DiskUtilWatch;
import org.iobench.workload.LiveView;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;
import org.iobench.workload.zbd.ZoneTrace;

/**
 * A command typed at this machine: the first SIGINT, SIGTERM or SIGHUP stops the runs ({@link SignalTrap}), a live
 * progress line on stderr when it is a terminal (not with {@code --quiet}), and the results printed (the
 * command's text, or a document such as JSON with {@code --format json}), written to the {@code -o} file and saved in
 * the result database. What keeps them was checked before the first run; after the runs both the file and the
 * database are attempted even if one fails, so a bad disk for one does not lose the other.
 */
public final class LocalHost implements RunHost {
    private final RunFormat document; // null: the command's text only
    private final ResultFile file; // null: none
    private final boolean quiet;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean debug;
    private final ResultSaver saver; // null: not saved (--no-store)
    private boolean silentSave;
    private ProgressLine progress;
    private Map<Path, String> databases = Map.of();
    private Runnable beforeRuns = () -> {};
    private RunListener also = RunListener.NONE;
    private ZoneTrace zoneTrace = ZoneTrace.NONE;
    /** The disks under the jobs' targets, watched over the runs for the document (fio's disk_util); null: none. */
    private DiskUtilWatch diskWatch;
    private List<DiskUtil> disks = List.of();

    /**
     * @param document the document the command makes ({@code --format json}, an {@code -o} file), or null for its
     *                 text only
     * @param file     the checked {@code -o} file ({@code -} included), or null
     * @param quiet    no progress line, no "saved as run" line ({@code --quiet})
     * @param saver    saves the results, or null with {@code --no-store}
     */
    public LocalHost(RunFormat document, ResultFile file, boolean quiet, PrintStream out, PrintStream err,
                     boolean debug, ResultSaver saver) {
        this.document = document;
        this.file = file;
        this.quiet = quiet;
        this.out = out;
        this.err = err;
        this.debug = debug;
        this.saver = saver;
    }

    /** Saves without announcing the run id ({@code dd status=none}: nothing on stderr but errors). */
    public LocalHost savingSilently() {
        this.silentSave = true;
        return this;
    }

    /**
     * Refuses, before any run, every job that would write or trim one of {@code databases} (a SQLite result
     * database, named for the message by {@code named}) or a file SQLite keeps beside it: results are data, and no
     * consent hands them over.
     */
    public LocalHost protecting(Map<Path, String> databases) {
        this.databases = Map.copyOf(databases);
        return this;
    }

    /**
     * Runs {@code header} once every check has passed, just before the first run ({@code iobench fio}'s job header),
     * so a job refused before any I/O prints its one line and nothing else.
     */
    public LocalHost announcing(Runnable header) {
        this.beforeRuns = header;
        return this;
    }

    /**
     * Tells {@code bandwidth} ({@code --bandwidth-log}'s sampler; null: none) about the runs too, terminal or not,
     * quiet or not.
     */
    public LocalHost sampling(AggregateBandwidthLog bandwidth) {
        return hearing(bandwidth);
    }

    /**
     * Tells {@code listener} (null: none) about the runs too, every job of a parallel group, terminal or not, quiet
     * or not: after the listeners already added ({@code iobench fio}'s bandwidth log and its helper, {@link FioStatus}).
     */
    public LocalHost hearing(RunListener listener) {
        if (listener != null) {
            this.also = also == RunListener.NONE ? listener : new EveryJob(also, listener);
        }
        return this;
    }

    @Override
    public void checkBeforeRuns(List<JobSpec> specs) {
        if (file != null) {
            specs.forEach(spec -> file.refuseTarget(spec.target()));
        }
        if (document != null) {
            // fio's init_disk_util: each job's target, unless its engine does no disk I/O
            diskWatch = DiskUtilWatch.start(specs.stream().filter(spec -> spec.target() != null
                    && !spec.engine().has(EngineFlag.DISKLESS)).map(JobSpec::target).toList());
        }
        for (JobSpec spec : specs) {
            if (!spec.storesData() || !spec.workload().rw().modifies()) {
                continue;
            }
            databases.forEach((db, named) -> {
                if (DatabaseFiles.belongsTo(spec.target(), db)) {
                    throw ExitException.usage("TARGET " + spec.target() + ": is " + named + " (or a file SQLite"
                            + " keeps beside it); results are data: no job " + (spec.workload().rw().writes()
                            ? "writes" : "trims") + " them, whatever the consent");
                }
            });
        }
    }

    /** Tells {@code trace} the zone events of the runs' emulated zones ({@code iobench fio --debug=zbd}). */
    public LocalHost tracingZones(ZoneTrace trace) {
        this.zoneTrace = trace;
        return this;
    }

    @Override
    public RunControl control() {
        RunControl control = new RunControl();
        control.zoneBooks().trace(zoneTrace);
        SignalTrap.install(control);
        return control;
    }

    @Override
    public RunListener listener(List<JobSpec> jobs) {
        beforeRuns.run();
        if (quiet || !ThisMachine.stderrIsTerminal()) {
            return also;
        }
        progress = new ProgressLine(err, jobs);
        return also == RunListener.NONE ? progress : new BothListeners(progress, also);
    }

    /** Two listeners that hear every job, told the same, in order. */
    private static final class EveryJob implements RunListener {
        private final RunListener both;

        EveryJob(RunListener first, RunListener second) {
            this.both = new BothListeners(first, second);
        }

        @Override
        public boolean hearsEveryJob() {
            return true;
        }

        @Override
        public void ready(JobSpec spec, int run) {
            both.ready(spec, run);
        }

        @Override
        public void filling(JobSpec spec, Path f, long doneBytes, long totalBytes) {
            both.filling(spec, f, doneBytes, totalBytes);
        }

        @Override
        public void runStarted(JobSpec spec, int run, LiveView live) {
            both.runStarted(spec, run, live);
        }

        @Override
        public void latencies(JobSpec spec, int run, RunLatencies latencies) {
            both.latencies(spec, run, latencies);
        }

        @Override
        public void runEnded(JobSpec spec, RunResult result) {
            both.runEnded(spec, result);
        }
    }

    /** Two listeners told the same, in order. */
    private record BothListeners(RunListener first, RunListener second) implements RunListener {
        @Override
        public void ready(JobSpec spec, int run) {
            first.ready(spec, run);
            second.ready(spec, run);
        }

        @Override
        public void filling(JobSpec spec, Path f, long doneBytes, long totalBytes) {
            first.filling(spec, f, doneBytes, totalBytes);
            second.filling(spec, f, doneBytes, totalBytes);
        }

        @Override
        public void runStarted(JobSpec spec, int run, LiveView live) {
            first.runStarted(spec, run, live);
            second.runStarted(spec, run, live);
        }

        @Override
        public void latencies(JobSpec spec, int run, RunLatencies latencies) {
            first.latencies(spec, run, latencies);
            second.latencies(spec, run, latencies);
        }

        @Override
        public void runEnded(JobSpec spec, RunResult result) {
            first.runEnded(spec, result);
            second.runEnded(spec, result);
        }
    }

    @Override
    public void runsEnded() {
        if (progress != null) {
            progress.finish();
        }
        if (diskWatch != null) {
            disks = diskWatch.stop();
            diskWatch = null;
        }
    }

    @Override
    public int keep(List<BenchmarkResult> results, Consumer<List<BenchmarkResult>> text, Map<String, Object> extra) {
        String written = document(results, extra);
        if (documentOnStdout()) {
            out.print(written);
        } else if (!results.isEmpty()) {
            text.accept(results);
        }
        out.flush();
        return keep(results, written);
    }

    /**
     * The document of {@code results} this command makes ({@code --format FORMAT} or an {@code -o} file), or null
     * when it prints its text only.
     *
     * @param extra what the document holds besides the benchmarks
     */
    public String document(List<BenchmarkResult> results, Map<String, Object> extra) {
        return document == null ? null
                : document.write(new RunDocument(results, IobenchVersion.get(), extra, Instant.now(), disks));
    }

    /** Whether standard output carries the document ({@code --format json} without a file), not the text. */
    public boolean documentOnStdout() {
        return document != null && (file == null || file.toStdout());
    }

    /**
     * Keeps what the runs paid for: saves {@code results} in the database and writes {@code json} (the document)
     * to the {@code -o} file (unless that is stdout, already printed). Both are attempted; each failure is reported.
     *
     * @return 0, or 1 when something could not be kept
     */
    public int keep(List<BenchmarkResult> results, String json) {
        return keep(results.isEmpty(), json, quiet -> saver.save(results, quiet, err));
    }

    /** Keeps a multi-host run as {@link #keep} does: its parts (each with its environment and labels) and JSON. */
    public int keepParts(List<ResultSaver.Part> parts, String json) {
        return keep(parts.isEmpty(), json, quiet -> saver.saveParts(parts, quiet, err));
    }

    private int keep(boolean nothing, String json, Consumer<Boolean> save) {
        int status = 0;
        if (saver != null) {
            try {
                save.accept(quiet || silentSave); // store
            } catch (RuntimeException e) {
                status = Math.max(status, Failures.report(e, err, debug));
            }
        }
        if (file != null && !file.toStdout() && json != null && !nothing) {
            try {
                file.write(json);
            } catch (IOException e) {
                status = Math.max(status, Failures.report(e, err, debug));
            }
        }
        return status == 0 ? 0 : ExitException.IO_FAILURE;
    }

    @Override
    public PrintStream err() {
        return err;
    }

    @Override
    public boolean debug() {
        return debug;
    }
}
