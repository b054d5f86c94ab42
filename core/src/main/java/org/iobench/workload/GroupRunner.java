package org.iobench.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.iobench.job.InvalidJobException;
import org.iobench.job.JobSpec;
import org.iobench.measure.RunLatencies;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;

/**
 * Runs the jobs of a parallel group at the same time, each on its own target with its own workers, like the
 * jobs of one fio group or several dd processes started together. Every run of every job passes one
 * {@link StartGate} after its set-up, so the measured phases start together. The jobs share the
 * {@link RunControl}: Ctrl-C or an I/O error in one stops all, unless the group runs as fio runs one
 * ({@link #failuresEndTheirJobOnly}), where a job's I/O error ends that job only and its partners go on.
 *
 * <pre>{@code
 * List<BenchmarkResult> results = new GroupRunner(Benchmark::system).execute(jobs, control, listener);
 * }</pre>
 */
public final class GroupRunner {
    private final Supplier<Benchmark> benchmarks;
    private final boolean ownFailures;

    public GroupRunner(Supplier<Benchmark> benchmarks) {
        this(benchmarks, false);
    }

    private GroupRunner(Supplier<Benchmark> benchmarks, boolean ownFailures) {
        this.benchmarks = benchmarks;
        this.ownFailures = ownFailures;
    }

    /**
     * The same runner with fio's rule for errors: a job's I/O error ends that job only ({@code td->error}), its
     * partners run to their end; a signal still stops all, and a set-up failure still aborts the group.
     */
    public GroupRunner failuresEndTheirJobOnly() {
        return new GroupRunner(benchmarks, true);
    }

    /**
     * Runs {@code jobs} together and returns their results in the same order. {@code listener} hears the first
     * job only (a progress line shows one job), unless it {@link RunListener#hearsEveryJob hears every job}. A set-up failure of any job aborts the group and is thrown.
     */
    public List<BenchmarkResult> execute(List<JobSpec> jobs, RunControl control, RunListener listener)
            throws IOException {
        int runs = jobs.getFirst().timing().runs();
        for (JobSpec j : jobs) {
            if (j.timing().runs() != runs) {
                throw new InvalidJobException("--runs", j.timing().runs(), "jobs of parallel group '"
                        + j.grouping().group()
                        + "' must repeat the same number of times (" + jobs.getFirst().name() + ": " + runs + ")");
            }
        }
        StartGate gate = new StartGate(jobs.size());
        BenchmarkResult[] results = new BenchmarkResult[jobs.size()];
        Throwable[] errors = new Throwable[jobs.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            int index = i;
            RunListener gated = gated(gate, index == 0 || listener.hearsEveryJob() ? listener
                    : latenciesOnly(listener));
            RunControl own = ownFailures ? control.ownFailures() : control;
            threads.add(Thread.ofPlatform().name("iobench-group-" + i).start(() -> {
                try {
                    results[index] = benchmarks.get().execute(jobs.get(index), own, gated);
                } catch (Throwable e) {
                    errors[index] = e;
                    gate.abort();
                } finally {
                    gate.leave();
                }
            }));
        }
        for (Thread t : threads) {
            Threads.joinUninterruptibly(t);
        }
        for (Throwable e : errors) {
            if (e != null && !(e instanceof StartGate.Aborted)) {
                rethrow(e);
            }
        }
        for (Throwable e : errors) {
            if (e != null) {
                rethrow(e);
            }
        }
        return List.of(results);
    }

    /** The other jobs of a group: a progress line shows the first job only, but every job's latencies count. */
    private static RunListener latenciesOnly(RunListener inner) {
        return new RunListener() {
            @Override
            public void latencies(JobSpec spec, int run, RunLatencies latencies) {
                inner.latencies(spec, run, latencies);
            }
        };
    }

    private static RunListener gated(StartGate gate, RunListener inner) {
        return new RunListener() {
            @Override
            public void ready(JobSpec spec, int run) {
                inner.ready(spec, run);
                gate.await();
            }

            @Override
            public void filling(JobSpec spec, Path file, long doneBytes, long totalBytes) {
                inner.filling(spec, file, doneBytes, totalBytes);
            }

            @Override
            public void runStarted(JobSpec spec, int run, LiveView live) {
                inner.runStarted(spec, run, live);
            }

            @Override
            public void latencies(JobSpec spec, int run, RunLatencies latencies) {
                inner.latencies(spec, run, latencies);
            }

            @Override
            public void runEnded(JobSpec spec, RunResult result) {
                inner.runEnded(spec, result);
            }
        };
    }

    private static void rethrow(Throwable e) throws IOException {
        switch (e) {
            case IOException io -> throw io;
            case RuntimeException r -> throw r;
            case Error err -> throw err;
            default -> throw new IOException(e);
        }
    }
}
