package org.iobench.workload;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.workload.files.FileSet;
import org.iobench.workload.files.PreparedTarget;
import org.iobench.workload.files.TargetPreparer;

/**
 * Runs a job {@code runs} times on one prepared target and collects the results. A run cut short (I/O error,
 * Ctrl-C) ends the series: its partial result is kept and marked incomplete. A stop before the first run began
 * (while the file was being filled) leaves no result at all: {@link InterruptedIOException}; a later repetition
 * that cannot start keeps the earlier ones ({@link JobCutShortException}). The target is cleaned up in every case.
 */
public final class Benchmark {
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000_000L;
    public static final long DEFAULT_SAMPLE_MILLIS = 1000;

    private final TargetPreparer preparer;
    private final JobRunner runner;
    /** The job file's shared files, or null: every job prepares its own target. */
    private final FileSet files;

    public Benchmark(TargetPreparer preparer, NanoClock clock, long intervalNanos, long sampleIntervalMillis) {
        this(preparer, new JobRunner(clock, intervalNanos, sampleIntervalMillis), null);
    }

    /** Real targets through {@code runner} (a runner with a warm-up of its own: tests). */
    Benchmark(TargetPreparer preparer, JobRunner runner) {
        this(preparer, runner, null);
    }

    private Benchmark(TargetPreparer preparer, JobRunner runner, FileSet files) {
        this.preparer = preparer;
        this.runner = runner;
        this.files = files;
    }

    /** This benchmark running each job on its view of a file of {@code files} where it has one. */
    public Benchmark sharing(FileSet files) {
        return new Benchmark(preparer, runner, files);
    }

    /** Real targets, the system clock, a 1 s throughput series and a system sample every second. */
    public static Benchmark system() {
        return system(DEFAULT_SAMPLE_MILLIS);
    }

    public static Benchmark system(long sampleIntervalMillis) {
        return new Benchmark(TargetPreparer.system(), NanoClock.SYSTEM, DEFAULT_INTERVAL_NANOS, sampleIntervalMillis);
    }

    /** The refusals of {@code spec}'s target, made before anything runs ({@link TargetPreparer#check}). */
    public void check(JobSpec spec) throws IOException {
        preparer.check(spec);
    }

    /**
     * Prepares the target and runs the job's repetitions until done or stopped.
     *
     * @throws InterruptedIOException when {@code control} stopped the job before its first run started
     */
    public BenchmarkResult execute(JobSpec spec, RunControl control, RunListener listener) throws IOException {
        List<RunResult> runs = new ArrayList<>();
        PreparedTarget view = files == null ? null : files.view(spec);
        try (PreparedTarget target = view != null ? view : preparer.prepare(spec, control::stopped,
                (file, done, total) -> listener.filling(spec, file, done, total))) {
            for (int run = 1; run <= spec.timing().runs() && !control.stopped(); run++) {
                RunResult result;
                try {
                    target.beforeRun(spec, run);
                    result = runner.run(spec, target, run, control, listener);
                } catch (IOException e) {
                    if (runs.isEmpty()) {
                        throw e;
                    }
                    throw new JobCutShortException(BenchmarkResult.of(spec, target.info(), runs), e);
                }
                runs.add(result);
                listener.runEnded(spec, result);
                if (!result.complete()) {
                    break;
                }
            }
            if (runs.isEmpty()) {
                throw new InterruptedIOException(spec.name() + ": stopped before its first run");
            }
            switch (spec.schedule().exitAll()) {
                case GROUP -> {
                    if (spec.grouping().group().isEmpty()) {
                        control.exitAll(false); // alone in its stage: its group is the stage
                    } else {
                        control.endGroup(spec.grouping().group());
                    }
                }
                case STONEWALL -> control.exitAll(false);
                case ALL -> control.exitAll(true);
                case NONE -> { }
            }
            return BenchmarkResult.of(spec, target.info(), runs);
        }
    }
}
