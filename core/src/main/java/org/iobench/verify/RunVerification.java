package org.iobench.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.iobench.job.DataPattern;
import org.iobench.job.JobSpec;
import org.iobench.result.VerifyResult;
import org.iobench.sys.NativeBuffer;

/**
 * {@code --verify} for one run of a job: a fresh run id, a ledger of the last write of every block, a
 * {@link WorkerVerifier} per worker, and at the end the read-back of {@code --verify-after} and the result.
 *
 * <pre>{@code
 * RunVerification v = RunVerification.start(spec, regionBytes);   // null when the job does not verify
 * worker.verifier = v.forWorker(id, buffers);
 * ... run, join the workers ...
 * VerifyResult r = v.finish(path, runComplete);
 * }</pre>
 */
public final class RunVerification {
    private final JobSpec spec;
    private final long runId;
    private final Ledger ledger;
    private final LongSupplier wallMillis;
    private final List<WorkerVerifier> workers = new ArrayList<>();

    RunVerification(JobSpec spec, long runId, long regionBytes, LongSupplier wallMillis) {
        this.spec = spec;
        this.runId = runId;
        this.ledger = new Ledger(spec.workload().offsetBytes(), regionBytes, spec.workload().blockSize());
        this.wallMillis = wallMillis;
    }

    /** Verification for a run over {@code regionBytes} of the target, or null when {@code spec} does not verify. */
    public static RunVerification start(JobSpec spec, long regionBytes) {
        if (!spec.verification().checksum().enabled()) {
            return null;
        }
        return new RunVerification(spec, RunIds.next(), regionBytes, System::currentTimeMillis);
    }

    /** The hook of worker {@code worker}, whose request slots use {@code buffers} in order. */
    public WorkerVerifier forWorker(int worker, List<NativeBuffer> buffers) {
        WorkerVerifier w = new WorkerVerifier(runId, worker, buffers, (int) spec.workload().blockSize(),
                spec.verification().checksum(),
                spec.workload().pattern() == DataPattern.RANDOM, ledger, wallMillis);
        workers.add(w);
        return w;
    }

    /**
     * After the workers have been joined: reads back every block this run wrote if the job asked for it
     * ({@code --verify-after}) and the run completed, and sums up.
     *
     * @param path the file or device the run wrote (for a directory target, the scratch file inside it)
     */
    public VerifyResult finish(Path path, boolean runComplete) throws IOException {
        MismatchLog total = new MismatchLog();
        long stamped = 0;
        long stampNanos = 0;
        for (WorkerVerifier w : workers) {
            total.addAll(w.log);
            stamped += w.blocksStamped;
            stampNanos += w.stampNanos;
        }
        boolean inline = total.blocksChecked > 0;
        String note = null;
        boolean after = false;
        if (spec.verification().after()) {
            if (runComplete) {
                total.addAll(readBack(path));
                after = true;
            } else {
                note = "not read back: the run stopped early";
            }
        } else if (!inline) {
            note = spec.workload().rw().mixed()
                    ? "no read hit a block this run had written; add --verify-after to read everything back"
                    : "stamped only: check with --verify-after, or later with 'iobench verify TARGET --run "
                            + RunIds.format(runId) + "'";
        }
        String mode = inline && after ? "inline+after" : after ? "after" : inline ? "inline" : "none";
        return new VerifyResult(spec.verification().checksum().label(), RunIds.format(runId), mode, stamped,
                stamped * spec.workload().blockSize(), stampNanos, total.blocksChecked, total.bytesChecked,
                        total.checkNanos,
                total.counts(), total.listed(), note);
    }

    private MismatchLog readBack(Path path) throws IOException {
        CheckingSink sink = new CheckingSink(runId, (int) spec.workload().blockSize(), true, ledger::sequence, true);
        RegionReader.read(path, spec.durability().direct(), ledger.regionStart(), ledger.blocks(),
                ledger.blockSize(), sink);
        return sink.log;
    }
}
