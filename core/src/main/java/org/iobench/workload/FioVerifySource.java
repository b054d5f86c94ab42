package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.verify.FioWorkerVerifier;

/**
 * fio's verify around a job's own requests ({@link FioWorkerVerifier} has the rules): each write is stamped before it
 * is issued; a {@code verify_backlog} batch of read-backs goes before the job's next request when due; once the job
 * has issued its own requests, and before each new loop of a source that makes fio's loops ({@link #loops}: fio's
 * {@code do_io} then {@code do_verify} for every loop), {@code do_verify} reads back what is left of the log (so the
 * verify phase's reads are
 * the job's reads, in its measured time, as fio counts them; a time-based job's phase ends with its runtime, as
 * fio's does); the reads of a job that only reads are checked as they complete. {@code verify_only} issues none of
 * the job's requests: its writes are logged as if done, then read back. A bad block fails the request with fio's
 * message (EILSEQ), which stops the job as fio stops it.
 */
final class FioVerifySource extends ForwardingSource {
    private static final byte OWN = 0;
    private static final byte STAMPED = 1;
    private static final byte VERIFY = 2;
    private static final byte CHECKED = 3;

    private final FioWorkerVerifier verifier;
    private final IoFile file;
    private final boolean afterWrites;
    /** Verify phases started (fio's {@code clear_io_state} before each {@code do_verify} closes the files). */
    private long verifyPhases;
    /** A verify phase is under way. */
    private boolean inPhase;
    /** The inner source's loops whose writes were read back (a new loop waits for its verify phase). */
    private long loopsVerified;
    private final boolean checkReads;
    private final boolean only;
    private final byte[] kind;
    /** verify_only: a request the dry run prepares the job's writes on (never issued); null otherwise. */
    private final IoRequest dry;

    /**
     * @param checkReads the job only reads: its reads are checked (fio verifies every read of a job that does not
     *                   also write)
     */
    FioVerifySource(RequestSource inner, FioWorkerVerifier verifier, IoFile file, int depth, boolean afterWrites,
                    boolean checkReads, IoRequest dryRun) {
        super(inner);
        this.verifier = verifier;
        this.file = file;
        this.afterWrites = afterWrites;
        this.checkReads = checkReads;
        this.only = dryRun != null;
        this.dry = dryRun;
        this.kind = new byte[depth];
    }

    /** The verify phase after the job's own requests began: fio's new loop over the files. */
    @Override
    public long loops() {
        return inner.loops() + verifyPhases;
    }

    /**
     * True where the inner source holds the first request of a new loop and its last loop's writes are still to be
     * read back (fio verifies at the end of each loop); passes the boundary once they are.
     */
    private boolean atLoopEnd() {
        if (!afterWrites || inner.loops() == loopsVerified) {
            return false;
        }
        if (verifier.ready() || verifier.waiting()) {
            return true;
        }
        loopsVerified = inner.loops();
        inPhase = false;
        return false;
    }

    @Override
    public boolean more() {
        if (only) {
            while (inner.more()) { // fio's do_dry_run: the job's writes logged as done, none issued
                inner.next(dry);
                if (dry.op() == IoOp.WRITE) {
                    verifier.stamp(0, dry.offset(), (int) dry.length());
                }
            }
            return verifier.ready();
        }
        if (inner.more()) {
            return !atLoopEnd() || verifier.ready(); // writes of the loop in flight: wait for them
        }
        return afterWrites && verifier.ready();
    }

    @Override
    public void next(IoRequest r) {
        int slot = r.index();
        boolean phase = only || !inner.more() || atLoopEnd();
        if (phase && verifier.take(slot) || !only && verifier.backlogDue(slot)) {
            if (phase && !only && !inPhase) { // fio's clear_io_state before do_verify: the files closed and opened
                inPhase = true;
                verifyPhases++;
            }
            r.prepare(IoOp.READ, file, verifier.verifyOffset(slot), verifier.verifyLength(slot));
            kind[slot] = VERIFY;
            return;
        }
        inner.next(r);
        if (r.op() == IoOp.WRITE) {
            verifier.stamp(slot, r.offset(), (int) r.length());
            kind[slot] = STAMPED;
        } else if (r.op() == IoOp.READ) {
            verifier.read();
            kind[slot] = checkReads ? CHECKED : OWN;
        } else {
            kind[slot] = OWN;
        }
    }

    @Override
    public String dataFailure(IoRequest r, long bytes) {
        int slot = r.index();
        long offset = r.offset() - r.bufferOffset();
        return switch (kind[slot]) {
            case VERIFY -> verifier.checkVerify(slot, offset, (int) bytes);
            case CHECKED -> verifier.checkRead(slot, offset, (int) bytes);
            default -> null;
        };
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        int slot = r.index();
        byte k = kind[slot];
        kind[slot] = OWN;
        if (k == STAMPED) {
            verifier.written(slot, r.offset() - r.bufferOffset());
        } else if (r.op() == IoOp.READ) {
            verifier.readDone();
        }
        return k != VERIFY && inner.completed(r, bytes);
    }

    /** fio's verify state file at the job's end ({@code verify_state_save}); a failure to write it is printed. */
    @Override
    public void finished() {
        String failed = verifier.saveState();
        if (failed != null) {
            System.err.println(failed);
        }
    }

    @Override
    public boolean shortIsFinal(IoRequest r) {
        return kind[r.index()] != VERIFY && inner.shortIsFinal(r);
    }
}
