package org.iobench.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.iobench.job.JobSpec;
import org.iobench.job.RateLimit;
import org.iobench.result.BenchmarkResult;

/**
 * Measures points by running the base job at each setting: one time-based run per point (over its region again
 * and again until the time is up, even with an explicit size), named after the setting, all carrying the same
 * series label. A target the first point creates (a new file, a scratch file in a
 * directory) is kept for the following points, so the file is laid out once, and removed by {@link #close}
 * unless the job says keep.
 *
 * <pre>
 * try (JobMeasurer m = new JobMeasurer(base, spec -> benchmark.execute(spec, control, listener), advisor::advise,
 *         ScratchFiles::remove)) {
 *     Curve c = new SaturationSearch(m, SaturationRules.DEFAULT).run(start, Axis.THREADS, 64);
 *     m.results();   // every point's BenchmarkResult, in the order run
 * }
 * </pre>
 */
public final class JobMeasurer implements PointMeasurer, AutoCloseable {
    /** Runs one job: {@code Benchmark.execute} with the command's stop switch and progress listener. */
    @FunctionalInterface
    public interface JobRun {
        BenchmarkResult run(JobSpec spec) throws IOException;
    }

    /** Removes a file the first point created, only if it is still the file made then (the scratch files' rule). */
    @FunctionalInterface
    public interface Remover {
        void remove(Path file) throws IOException;
    }

    private JobSpec base;
    private final JobRun run;
    private final Remover remover;
    private final UnaryOperator<BenchmarkResult> finish;
    private final List<BenchmarkResult> results = new ArrayList<>();
    private Path created;

    /**
     * @param base   the workload; its {@code timeNanos} is each point's length and {@code series} their label
     * @param finish applied to each point's result before it is kept (the advisor)
     * @param remover  removes the file the first point created, at {@link #close}
     */
    public JobMeasurer(JobSpec base, JobRun run, UnaryOperator<BenchmarkResult> finish, Remover remover) {
        this.base = base;
        this.run = run;
        this.finish = finish;
        this.remover = remover;
    }

    @Override
    public Point measure(Setting s) throws IOException {
        JobSpec spec = base.toBuilder()
                .name(base.name() + "@" + s.label())
                .threads(s.threads())
                .iodepth(s.iodepth())
                .batch(Math.min(base.queue().batch(), s.iodepth()))
                .rate(s.rateOpsPerSecond() > 0 ? RateLimit.iops(s.rateOpsPerSecond()) : base.timing().rate())
                .keep(base.safety().keep() || results.isEmpty())
                .loopRegion(true)
                .runs(1)
                .build();
        BenchmarkResult b = finish.apply(run.run(spec));
        results.add(b);
        if (results.size() == 1) {
            reuseTarget(b);
        }
        return Point.of(s, b);
    }

    /** Points the following points at what the first one used, so a new file is made and filled once. */
    private void reuseTarget(BenchmarkResult first) {
        if (first.target() == null || !first.target().created()) {
            return;
        }
        Path file = Path.of(first.target().path());
        if (!base.safety().keep()) {
            created = file;
        }
        // no consent granted: the file is the scratch file iobench made, which needs none while it is still that file
        base = base.toBuilder().target(file).build();
    }

    /** Every point's result, in the order measured. */
    public List<BenchmarkResult> results() {
        return List.copyOf(results);
    }

    /** Removes the file the first point created, unless the job said keep. */
    @Override
    public void close() throws IOException {
        if (created != null) {
            remover.remove(created);
            created = null;
        }
    }
}
