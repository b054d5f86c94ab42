package org.iobench.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.iobench.job.JobSpec;
import org.iobench.result.BenchmarkResult;
import org.iobench.session.RunHost;
import org.iobench.workload.RunControl;
import org.iobench.workload.RunListener;

/**
 * {@code iobench fio}'s host: the local one, with fio's job header ({@code NAME: (g=0): rw=...}, {@code fio-3.33})
 * printed once every check has passed, when the runs are about to start, so a job refused before any I/O (an
 * existing file without consent, a device in use) prints its one line and nothing of fio's.
 */
final class FioRunHost implements RunHost {
    private final RunHost local;
    private final Runnable header;

    FioRunHost(RunHost local, Runnable header) {
        this.local = local;
        this.header = header;
    }

    @Override
    public JobSpec vet(JobSpec spec) {
        return local.vet(spec);
    }

    @Override
    public void checkBeforeRuns(List<JobSpec> specs) {
        local.checkBeforeRuns(specs);
    }

    @Override
    public RunControl control() {
        return local.control();
    }

    /** Called once, after every check and before the first run: the header goes out here. */
    @Override
    public RunListener listener(List<JobSpec> jobs) {
        header.run();
        return local.listener(jobs);
    }

    @Override
    public void runsEnded() {
        local.runsEnded();
    }

    @Override
    public int keep(List<BenchmarkResult> results, Consumer<List<BenchmarkResult>> text, Map<String, Object> extra) {
        return local.keep(results, text, extra);
    }

    @Override
    public PrintStream err() {
        return local.err();
    }

    @Override
    public boolean debug() {
        return local.debug();
    }
}
