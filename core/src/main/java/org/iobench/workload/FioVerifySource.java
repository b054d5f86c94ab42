package org.iobench.workload;

import java.util.BitSet;
import org.iobench.clock.NanoClock;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoOp;
import org.iobench.engine.IoRequest;
import org.iobench.result.DryRun;
import org.iobench.result.VerifyPhases;
import org.iobench.verify.FioWorkerVerifier;

/**
 * fio's verify around a job's own requests ({@link FioWorkerVerifier} has the rules): each write is stamped before it
 * is issued; a {@code verify_backlog} batch of read-backs goes before the job's next request when due; once a loop of
 * the job has issued its own requests and every one is back, {@code do_verify} reads back what is left of the log
 * (fio's {@code thread_main}: each loop, {@code loops} or a new pass for {@code io_size}, is followed by its verify
 * phase, then the next loop starts with the log pruned and the verify generator started again). The verify phase's
 * reads are the job's reads, in its measured time, as fio counts them; a time-based job's phase ends with its
 * runtime, as fio's does. The reads of a job that only reads are checked as they complete. {@code verify_only}
 * issues none of the job's requests: its writes are logged as if done, then read back. A bad block fails the request
 * with fio's message (EILSEQ), which stops the job as fio stops it. Over several files each write is logged with its
 * file's number and read back from that file ({@link VerifyFiles}). Each phase's time is kept apart ({@link
 * #verifyPhases}: fio's runtime of the read direction of a job that writes), and each file read back in a phase
 * counts as a new pass ({@link #passes}: fio's {@code do_verify} opens it again, and {@code td_io_open_file} drops
 * its cached pages with {@code invalidate}, so a phase reads from the storage as fio's does).
 */
final class FioVerifySource extends ForwardingSource {
    private static final byte OWN = 0;
    private static final byte STAMPED = 1;
    private static final byte VERIFY = 2;
    private static final byte CHECKED = 3;

    private final FioWorkerVerifier verifier;
    private final VerifyFiles files;
    private final boolean afterWrites;
    private final boolean checkReads;
    /**
     * The job only reads and ends by its bytes: one loop only. fio runs such a job as verifying ({@code TD_VERIFYING}),
     * so {@code io_u_update_bytes_done} counts none of its bytes done and {@code thread_main} ends it after its first
     * {@code do_io}: {@code loops} and an {@code io_size} beyond one pass over its files do not run again.
     */
    private final boolean onePass;
    private final boolean timeBased;
    private final boolean only;
    private final byte[] kind;
    /** Per request slot, the number of its file. */
    private final int[] fileOfSlot;
    /** verify_only: a request the dry run prepares the job's writes on (never issued); null otherwise. */
    private final IoRequest dry;
    /** verify_only: the dry run's reads and writes and their bytes (fio's report counts them as done). */
    private long dryReads;
    private long dryBytesRead;
    private long dryWrites;
    private long dryBytesWritten;
    /** The inner source's loop whose requests are going now; its verify phase comes once they are all issued. */
    private long loop;
    /** The last loop whose verify phase has begun; -1: none yet. */
    private long verified = -1;
    private boolean inPhase;
    /** {@link #inPhase} for other threads ({@link #verifying()}). */
    private volatile boolean phaseShown;
    /** Verify phases begun: each is a new loop over the files for the request log (fio closes and opens them). */
    private long phases;
    private int inFlight;
    /** fio's {@code loops}, its {@code io_size} (0: none) and the job's largest request: its {@code keep_running}. */
    private final long fioLoops;
    private final long ioSize;
    private final long largest;
    /** The bytes of the job's own requests and of its verify reads: fio's {@code io_bytes}. */
    private long ownBytes;
    private long verifyBytes;
    /**
     * fio's {@code total_bytes} of a time-based job on an engine that queues ({@code do_io}: a verifying job leaves
     * its loop, time-based or not, once its queued requests, the backlog's reads among them, reach it; a synchronous
     * engine's requests are never counted as queued, so its loop goes on for the job's time); 0: no such end.
     */
    private final long loopCap;
    /** The bytes queued in this loop: fio's {@code bytes_issued}, from 0 at each {@code do_io}. */
    private long loopIssued;
    /** The verify phase going now began at {@link #loopCap}: the next loop is started from here. */
    private boolean cappedPhase;
    private final NanoClock clock;
    /** When the phase going now began, and the time of the phases before it. */
    private long phaseBegan;
    private long phaseNanos;
    /** The files read back in the phase going now: each its first time is opened again, a new pass over it. */
    private final BitSet reopened = new BitSet();
    private long reopenings;

    /**
     * @param checkReads the job only reads: its reads are checked (fio verifies every read of a job that does not
     *                   also write)
     * @param timeBased  the job runs for its time ({@code time_based}): a job that only reads goes on over its files
     * @param loopCap    fio's {@code total_bytes} where a time-based job's loop ends ({@link #loopCap}); 0: none
     */
    FioVerifySource(RequestSource inner, FioWorkerVerifier verifier, VerifyFiles files, int depth,
                    boolean afterWrites, boolean checkReads, boolean timeBased, IoRequest dryRun, long fioLoops,
                    long ioSize, long largest, long loopCap, NanoClock clock) {
        super(inner);
        this.clock = clock;
        this.loopCap = loopCap;
        this.fioLoops = fioLoops;
        this.ioSize = ioSize;
        this.largest = Math.max(1, largest);
        this.verifier = verifier;
        this.files = files;
        this.afterWrites = afterWrites;
        this.checkReads = checkReads;
        this.onePass = checkReads && !timeBased;
        this.timeBased = timeBased;
        this.only = dryRun != null;
        this.dry = dryRun;
        this.kind = new byte[depth];
        this.fileOfSlot = new int[depth];
    }

    /** The verify phases after the job's own requests: fio's new loops over the files. */
    @Override
    public long loops() {
        return inner.loops() + phases;
    }

    /** The job's passes, and a new one for each file at its first read back in a verify phase (fio opens it again). */
    @Override
    public long passes() {
        return inner.passes() + reopenings;
    }

    @Override
    public VerifyPhases verifyPhases() {
        return phases == 0 ? null : new VerifyPhases(phases, phaseNanos);
    }

    /** fio's TD_VERIFYING: in a verify phase, or all along for a job that only reads (fio verifies each read). */
    @Override
    public boolean verifying() {
        return checkReads || phaseShown;
    }

    /** Its own {@link #more}: what it adds is not drawn ahead of a sync. */
    @Override
    public boolean moreForSync() {
        return more();
    }

    @Override
    public DryRun dryRun() {
        return only ? new DryRun(dryReads, dryBytesRead, dryWrites, dryBytesWritten) : null;
    }

    @Override
    public boolean more() {
        if (only) {
            while (inner.more()) { // fio's do_dry_run: the job's writes logged as done, none issued
                inner.next(dry);
                if (dry.op() == IoOp.WRITE) {
                    verifier.stamp(0, files.fileOf(dry), dry.offset(), (int) dry.length());
                    dryWrites++;
                    dryBytesWritten += dry.length();
                } else if (dry.op() == IoOp.READ) {
                    dryReads++;
                    dryBytesRead += dry.length();
                    verifier.readDone(); // fio's io_u_sync_complete: a completed read for the state's window
                }
            }
            if (!inPhase) {
                startPhase();
            }
            return readyToRead();
        }
        if (!inPhase) {
            if (loopCap > 0 && loopIssued >= loopCap) {
                // fio's do_io left the loop at its total_bytes: a job that only reads counted no bytes done
                // (TD_VERIFYING), so thread_main ends it; a writer's verify phase follows once its requests are back
                if (checkReads || inFlight > 0) {
                    return false;
                }
                if (!afterWrites) {
                    return newLoop() && nextLoop();
                }
                cappedPhase = true;
                startPhase();
            } else {
                boolean innerMore = inner.more();
                if (innerMore && inner.loops() == loop) {
                    return true;
                }
                if (onePass) {
                    return false;
                }
                // the loop's requests are all issued: its verify phase once every one is back (fio's do_io waits)
                if (!afterWrites || verified == loop) {
                    return innerMore && nextLoop();
                }
                if (inFlight > 0) {
                    return false;
                }
                startPhase();
            }
        }
        if (verifier.pending()) {
            return readyToRead();
        }
        if (inFlight > 0) {
            return false; // the phase's last reads: fio's do_verify waits for them
        }
        endPhase();
        if (cappedPhase) {
            cappedPhase = false;
            return keepRunning() && newLoop() && nextLoop();
        }
        return keepRunning() && inner.more() && nextLoop(); // a loop keep_running refuses does not begin
    }

    /** The loop ended at {@link #loopCap}: the inner source's next loop begins now; false where it has no request. */
    private boolean newLoop() {
        if (!inner.endLoop()) {
            throw new IllegalStateException("the job's requests cannot start a new loop at fio's total_bytes");
        }
        return inner.more();
    }

    /**
     * fio's {@code keep_running} after loop {@code loop} (from 0) and its verify phase: its {@code loops} first, then
     * while the job's bytes, the verify reads among them, are fewer than {@code io_size} by a request or more.
     */
    private boolean keepRunning() {
        if (timeBased || loop + 1 < fioLoops) {
            return true;
        }
        long total = ownBytes + verifyBytes;
        return ioSize > 0 && total < ioSize && ioSize - total >= largest;
    }

    /** fio's {@code clear_io_state} and {@code do_verify}: the files closed, each opened at its first read back. */
    private void startPhase() {
        inPhase = true;
        phaseShown = true;
        verified = loop;
        phases++;
        phaseBegan = clock.nanoTime();
        reopened.clear();
        files.closeAll();
        verifier.phaseStart();
    }

    /** The phase's last read is back (or the job ended in it): its time is added. */
    private void endPhase() {
        inPhase = false;
        phaseShown = false;
        phaseNanos += clock.nanoTime() - phaseBegan;
    }

    /** The next loop of the job's own requests: the log pruned, the verify generator from its start. */
    private boolean nextLoop() {
        if (inner.loops() != loop) {
            loop = inner.loops();
            loopIssued = 0;
            verifier.newLoop();
        }
        files.resumeLoop();
        return inner.more();
    }

    /** The next logged write has completed and its file is open: it can be read back now. */
    private boolean readyToRead() {
        return verifier.ready() && files.verifyFile(verifier.nextFile()) != null;
    }

    @Override
    public void next(IoRequest r) {
        int slot = r.index();
        if ((inPhase || only) && verifier.take(slot) || !inPhase && !only && verifier.backlogDue(slot)) {
            int f = verifier.verifyFile(slot);
            IoFile file = files.verifyFile(f);
            if (inPhase && !reopened.get(f)) {
                reopened.set(f);
                reopenings++;
            }
            r.prepare(IoOp.READ, file, verifier.verifyOffset(slot), verifier.verifyLength(slot));
            kind[slot] = VERIFY;
            fileOfSlot[slot] = f;
            inFlight++;
            if (!inPhase) {
                loopIssued += r.length(); // a backlog's read, queued in do_io
            }
            return;
        }
        inner.next(r);
        inFlight++;
        ownBytes += r.length();
        loopIssued += r.length();
        int f = files.fileOf(r);
        fileOfSlot[slot] = f;
        if (r.op() == IoOp.WRITE) {
            verifier.stamp(slot, f, r.offset(), (int) r.length());
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
            case CHECKED -> verifier.checkRead(slot, fileOfSlot[slot], offset, (int) bytes);
            default -> null;
        };
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        int slot = r.index();
        byte k = kind[slot];
        kind[slot] = OWN;
        if (k == STAMPED) {
            verifier.written(slot, fileOfSlot[slot], r.offset() - r.bufferOffset());
        } else if (r.op() == IoOp.READ) {
            verifier.readDone();
        }
        if (k == VERIFY) {
            verifyBytes += bytes;
        }
        boolean again = k != VERIFY && inner.completed(r, bytes);
        if (!again) {
            inFlight--;
        }
        return again;
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        int slot = r.index();
        inFlight--;
        if (kind[slot] == VERIFY) {
            kind[slot] = OWN;
            return "verify read at offset " + r.offset() + " transferred nothing: the file ended early (was it"
                    + " truncated underneath?)";
        }
        return inner.nothingTransferred(r);
    }

    /** fio's verify state file at the job's end ({@code verify_state_save}); a failure to write it is printed. */
    @Override
    public void finished() {
        if (inPhase) {
            endPhase(); // the job's time ended it
        }
        inner.finished();
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
