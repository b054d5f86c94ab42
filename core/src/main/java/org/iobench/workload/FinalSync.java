package org.iobench.workload;

import java.io.IOException;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.engine.Blocking;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.job.JobSpec;
import org.iobench.job.SyncMode;
import org.iobench.measure.LatencyRecorder;
import org.iobench.result.IoFailure;
import org.iobench.sys.Errno;
import org.iobench.workload.files.PreparedTarget;

/**
 * The sync at the end of a job that writes with {@code --sync fdatasync|fsync} (dd's {@code conv=fdatasync}, fio's
 * {@code end_fsync}), inside the measured time: a request submitted through an engine of the job's kind, like any
 * I/O. The runner issues it after every worker ended, so it has an engine of its own, made and opened on the
 * runner's thread before the run starts (an engine serves one thread; an io_uring ring belongs to its submitter).
 * A job over several files syncs every file in order, as fio's {@code do_io} ends ({@code for_each_file}
 * {@code fio_file_fsync}): the first opened before the run, each other one opened for its sync and closed after it,
 * as fio opens a file it had closed; each sync is timed and counted.
 */
final class FinalSync implements AutoCloseable {
    private final IoEngine engine;
    private final IoFile file;
    private final IoOp op;
    private final String label;
    /** The job's other files (several files), synced after {@link #file}; empty for a job of one file. */
    private final List<PreparedTarget> others;
    private final JobSpec spec;
    final LatencyRecorder latency = new LatencyRecorder();
    long nanos;

    private FinalSync(IoEngine engine, IoFile file, IoOp op, String label, List<PreparedTarget> others,
                      JobSpec spec) {
        this.engine = engine;
        this.file = file;
        this.op = op;
        this.label = label;
        this.others = others;
        this.spec = spec;
    }

    /** The job's final sync, ready to go; null when it has none (no such --sync, no writes, nothing stored). */
    static FinalSync prepare(JobSpec spec, PreparedTarget target, EngineProvider provider, NanoClock clock)
            throws IOException {
        if (!spec.durability().sync().syncsAtEnd() || !spec.workload().rw().writes() 
                || !provider.description().storesData()) {
            return null;
        }
        IoEngine engine = provider.create(new EngineOptions(1, 1, List.of(), false, null, clock));
        List<PreparedTarget> members = target.files();
        try {
            return new FinalSync(engine, (members.isEmpty() ? target : members.getFirst()).open(engine, spec),
                    spec.durability().sync() == SyncMode.FSYNC ? IoOp.FSYNC : IoOp.FDATASYNC,
                            spec.durability().sync().label(), members.isEmpty() ? List.of()
                            : List.copyOf(members.subList(1, members.size())), spec);
        } catch (IOException | RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /**
     * Syncs the target (every file of a job over several, in order) and returns the clock when the last sync
     * returned; a failure stops the run.
     */
    long run(NanoClock clock, RunControl control) {
        long end = sync(file, clock, control);
        for (PreparedTarget other : others) {
            if (control.stopped()) {
                break;
            }
            IoFile f;
            try {
                f = other.open(engine, spec);
            } catch (IOException e) {
                control.fail(new IoFailure(-1, label, 0, 0, 0, "", "final " + label + " of " + other.path()
                        + ": " + e.getMessage()));
                break;
            }
            end = sync(f, clock, control);
            WorkerSet.closeFile(engine, f, control);
        }
        return end;
    }

    private long sync(IoFile target, NanoClock clock, RunControl control) {
        IoRequest sync = IoRequest.syncOnly(0).prepare(op, target, 0, 0);
        long s0 = clock.nanoTime();
        sync.issueNanos(s0);
        long rc = Blocking.once(engine, sync);
        long end = clock.nanoTime();
        nanos += end - s0;
        latency.record(end - s0);
        if (rc < 0) {
            int errno = (int) -rc;
            control.fail(new IoFailure(-1, label, 0, 0, errno, Errno.name(errno),
                    "final " + label + " failed: " + Errno.describe(errno)));
        }
        return end;
    }

    /** Closes its file (checked: a close error stops the run) once the run is over. */
    void closeFile(RunControl control) {
        WorkerSet.closeFile(engine, file, control);
    }

    @Override
    public void close() {
        engine.closeQuietly(file);
        engine.close();
    }
}
