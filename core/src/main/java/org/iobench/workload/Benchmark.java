package org.iobench.workload;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.iobench.job.JobSpec;
import org.iobench.measure.NanoClock;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.workload.target.PreparedTarget;
import org.iobench.workload.target.TargetPreparer;

/**
 * Runs a job {@code runs} times on one prepared target and collects the results. A run cut short (I/O error,
 * Ctrl-C) ends the series: its partial result is kept and marked incomplete. The target is cleaned up in every
 * case.
 */
public final class Benchmark {
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000_000L;
    public static final long DEFAULT_SAMPLE_MILLIS = 1000;

    private final TargetPreparer preparer;
    private final JobRunner runner;

    public Benchmark(TargetPreparer preparer, NanoClock clock, long intervalNanos, long sampleIntervalMillis) {
        this.preparer = preparer;
        this.runner = new JobRunner(clock, intervalNanos, sampleIntervalMillis);
    }

    /** Real targets, the system clock, a 1 s throughput series and a system sample every second. */
    public static Benchmark system() {
        return system(DEFAULT_SAMPLE_MILLIS);
    }

    public static Benchmark system(long sampleIntervalMillis) {
        return new Benchmark(TargetPreparer.system(), NanoClock.SYSTEM, DEFAULT_INTERVAL_NANOS, sampleIntervalMillis);
    }

    public BenchmarkResult execute(JobSpec spec, RunControl control, RunListener listener) throws IOException {
        List<RunResult> runs = new ArrayList<>();
        try (PreparedTarget target = preparer.prepare(spec)) {
            for (int run = 1; run <= spec.runs() && !control.stopped(); run++) {
                target.beforeRun(spec, run);
                RunResult result = runner.run(spec, target, run, control, listener);
                runs.add(result);
                listener.runEnded(spec, result);
                if (!result.complete()) {
                    break;
                }
            }
            return BenchmarkResult.of(spec, target.info(), runs);
        }
    }
}
