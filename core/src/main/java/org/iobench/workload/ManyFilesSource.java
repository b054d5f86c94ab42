package org.iobench.workload;

import java.io.IOException;
import org.iobench.clock.NanoClock;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.job.FioDraws;
import org.iobench.job.JobFiles;
import org.iobench.measure.RequestLog;
import org.iobench.result.IoFailure;
import org.iobench.sys.Errno;
import org.iobench.sys.SysException;

/**
 * The requests of a job over several files (fio's {@code nrfiles}, {@code filename=a:b:c}): each file has its own
 * request source over its own region (its positions, random map or LFSR, as fio keeps them per {@code fio_file};
 * with fio's draws the directions, sizes and random blocks come from the job's generators, {@link FioJobDraws},
 * shared by the files as fio's {@code thread_data} holds them, and a file is done where its fill finds no request,
 * not by its bytes), and each request goes to the file fio's {@code get_next_file} would pick:
 * <ul>
 *   <li>{@code roundrobin[:N]}: N requests on a file, then the next open file in order;</li>
 *   <li>{@code sequential}: a file until it is done, then the next;</li>
 *   <li>{@code random[:N]}: a file drawn as fio draws it ({@link FileDraws}), N requests each;</li>
 *   <li>{@code zipf}, {@code pareto}, {@code normal}: one request per draw; a file is never done, only started
 *       over, and the job ends by its bytes (fio's rule for these).</li>
 * </ul>
 * A file whose source has no more is done and closed (once its last request is back); at most {@code openfiles}
 * are open at once, and a file not open is opened only while fewer are: round robin then passes over it (fio's
 * {@code -EBUSY}), a draw draws again. When every file is done, or (an engine that queues) the loop issued fio's
 * {@code total_bytes}, and fio's {@code keep_running} starts another loop ({@code loops}, then {@code io_size}), the
 * loop's requests come back first and a new loop starts, as fio's {@code clear_io_state}: every file closed and from
 * its start again, the draws from their start ({@code randrepeat}). Otherwise the job ends
 * when every file is done or its bytes are issued. Its verify ({@link FioVerifySource}) reads back from the files as
 * fio's {@code do_verify} does ({@link VerifyFiles}): every file closed first, each opened at its first read back,
 * however many {@code openfiles} allows; a verify holds a new loop until its phase is over.
 *
 * <p>Per request it does integer work only: the files' sources, descriptors and state are made when a file is first
 * opened (all of them before the start when {@code openfiles} is {@code nrfiles}, fio's default), nothing on the
 * request's path allocates. A job of one file never meets this class.
 */
final class ManyFilesSource implements RequestSource, VerifyFiles {
    /** {@link #pending}: a new loop is due, held until the verify phase before it is over ({@link #resumeLoop}). */
    private static final int NEW_LOOP = -2;

    /** Opens file {@code i} for the job's engine (fio's {@code td_io_open_file}). */
    interface Opener {
        IoFile open(int i) throws IOException;
    }

    /** Makes file {@code i}'s own request source, on {@code file} (just opened). */
    interface Sources {
        RequestSource make(int i, IoFile file);
    }

    private final JobFiles.Kind kind;
    private final int perPick;
    private final int count;
    private final int openLimit;
    private final long byteBudget;
    private final IoEngine engine;
    private final Opener opener;
    /** Makes file {@code i}'s own source once it is open. */
    private final Sources sources;
    private final RunControl control;
    private final int worker;
    private final JobFiles jobFiles;
    private FileDraws draws;
    /** What else starts again at each new loop (the job's generators shared by the files); null: nothing. */
    private Runnable eachLoop;
    /** fio's loops ({@code keep_running}: {@code loops}, then {@code io_size}); null: iobench's own rule. */
    private FioDraws fioLoops;
    /** fio's {@code total_bytes}: a loop ends once it issued this many (an engine that queues); 0: never. */
    private long loopCapBytes;
    /** {@link #issued} when the current loop began. */
    private long loopFirstByte;
    /** fio's job ended at a loop's end with no other loop due. */
    private boolean ended;
    /** The job goes over its files again while bytes are left (fio's io_size, loops), at least this many. */
    private final boolean again;
    private final long largest;
    private long loops;
    /** A verify comes between loops: a new loop is held until {@link #resumeLoop}. */
    private boolean holdLoops;
    private final IoFile[] files;
    private final RequestSource[] inner;
    private final boolean nonUniform;
    private final boolean[] done;
    /** Closed at its region's end under a non-uniform service: a new source when it is opened again. */
    private final boolean[] startOver;
    /** Done, but a request of it is still in flight: closed when the last one is back (fio's FIO_FILE_closing). */
    private final boolean[] closing;
    private final int[] inFlight;
    /** Requests in flight over all the files. */
    private int inFlightAll;
    /** Per request slot, the file of the request in it. */
    private final int[] slotFile;
    private int open;
    private int doneCount;
    private int current = -1;
    private int left;
    private int nextFile;
    /** The file {@link #more} picked for the next request; -1 when none is picked yet. */
    private int pending = -1;
    private long issued;
    private boolean failed;
    /** Per file, its source's passes so far; and the new passes of all files, which the worker watches. */
    private final long[] filePasses;
    private long passes;
    /** fio's {@code write_iolog}: a file's {@code close} is logged when it is done with; null without a log. */
    private RequestLog requestLog;
    private NanoClock clock;

    /**
     * @param byteBudget the job's bytes ({@code Long.MAX_VALUE}: until its time is up)
     * @param depth      the worker's request slots
     */
    /**
     * @param again   the job has more bytes than one pass over its files ({@code io_size}, {@code loops}): a new loop
     *                when every file is done
     * @param largest the job's largest request: a new loop needs at least these bytes left
     */
    ManyFilesSource(JobFiles files, long byteBudget, int depth, IoEngine engine, Opener opener,
                    Sources sources, RunControl control, int worker, boolean again, long largest) {
        this.jobFiles = files;
        this.again = again && !files.service().kind().nonUniform();
        this.largest = Math.max(1, largest);
        this.kind = files.service().kind();
        this.perPick = files.service().perPick();
        this.count = files.count();
        this.openLimit = files.openFiles();
        this.byteBudget = byteBudget;
        this.engine = engine;
        this.opener = opener;
        this.sources = sources;
        this.control = control;
        this.worker = worker;
        this.draws = kind == JobFiles.Kind.ROUNDROBIN || kind == JobFiles.Kind.SEQUENTIAL ? null
                : new FileDraws(files.service(), count);
        this.files = new IoFile[count];
        this.inner = new RequestSource[count];
        this.nonUniform = kind.nonUniform();
        this.done = new boolean[count];
        this.startOver = new boolean[count];
        this.closing = new boolean[count];
        this.inFlight = new int[count];
        this.slotFile = new int[depth];
        this.filePasses = new long[count];
    }

    /**
     * The new passes any file's source started: the worker drops the cache of the request's file at each, as fio's
     * {@code loop_cache_invalidate} drops the file's that wrapped.
     */
    @Override
    public long passes() {
        return passes;
    }

    /**
     * Opens the first {@code openfiles} files before the start, as fio's {@code open_files} does; a failure is thrown
     * (the run does not start).
     */
    void openFirst() throws IOException {
        for (int i = 0; i < count && open < openLimit; i++) {
            openFile(i);
        }
    }

    /** Logs each file's {@code add} now and its {@code close} when it is done with (fio's iolog events). */
    void logTo(RequestLog log, NanoClock clock, java.util.List<java.nio.file.Path> paths) {
        this.requestLog = log;
        this.clock = clock;
        long now = clock.nanoTime();
        for (java.nio.file.Path p : paths) {
            log.add(p, now);
        }
    }

    /** The first file, opened by {@link #openFirst}: the job's target as the worker knows it. */
    IoFile first() {
        return files[0];
    }

    private void openFile(int i) throws IOException {
        files[i] = opener.open(i);
        open++;
        if (inner[i] == null || startOver[i]) { // fio_file_reset: its offsets and random map from the start
            inner[i] = sources.make(i, files[i]);
            startOver[i] = false;
            filePasses[i] = 0;
        }
    }

    @Override
    public boolean more() {
        if (pending >= 0 || pending == NEW_LOOP) {
            return true;
        }
        if (failed || ended || issued >= byteBudget) {
            return false;
        }
        pending = pick();
        return pending >= 0 || pending == NEW_LOOP;
    }

    @Override
    public long loops() {
        return loops;
    }

    /**
     * fsync=N: fio's next request is the sync, on the file its next pick gives; nothing is drawn for a data request
     * first. True while the job has bytes left and a file not done (fio's {@code get_next_file} then gives one).
     */
    @Override
    public boolean moreForSync() {
        if (pending >= 0 || pending == NEW_LOOP) {
            return true;
        }
        return !failed && !ended && issued < byteBudget && doneCount < count;
    }

    /**
     * The file fio's sync goes to: its next pick ({@code get_next_file} for the sync's {@code io_u}; its
     * {@code fill_io_u} fills no offset for a sync, so the pick is used up without a request drawn), opened if it is
     * not; the first file open where no pick may be made now.
     */
    @Override
    public IoFile syncFile(IoFile fallback) {
        int f = pending >= 0 ? pending : nextFileOf();
        if (f >= 0 && files[f] != null) {
            return files[f];
        }
        for (IoFile file : files) {
            if (file != null) {
                return file;
            }
        }
        return fallback;
    }

    /**
     * fio's loops: a new loop while {@code loops} are not all made, then only while {@code io_size} is not done
     * (fio's {@code keep_running}, {@link FioDraws#anotherLoop}); a loop also ends once it issued {@code capBytes}
     * (fio's {@code do_io} with an engine that queues; 0: only where every file is done).
     */
    void fioLoops(FioDraws draws, long capBytes) {
        this.fioLoops = draws;
        this.loopCapBytes = capBytes;
    }

    /** {@code r} runs at each new loop, as fio's {@code clear_io_state} (the files' shared generators). */
    void eachLoop(Runnable r) {
        this.eachLoop = r;
    }

    /** A verify is between this source's loops: a new loop waits for {@link #resumeLoop}. */
    void holdLoops() {
        holdLoops = true;
    }

    /** The verify phase before the held new loop is over: every file closed, the loop's requests may go. */
    @Override
    public void resumeLoop() {
        if (pending == NEW_LOOP) {
            closeAll();
            pending = -1;
        }
    }

    /** fio's new loop now: held for {@link #resumeLoop} when a verify is between loops, as at a loop's end. */
    @Override
    public boolean endLoop() {
        newLoop();
        if (holdLoops) {
            pending = NEW_LOOP;
        } else {
            pending = -1;
            closeAll();
        }
        return true;
    }

    /**
     * fio's new loop ({@code clear_io_state}): every file not done yet, its region from the start at its next open
     * ({@code fio_file_reset}), the file draws from their start (fio seeds them again).
     */
    private void newLoop() {
        loops++;
        loopFirstByte = issued;
        java.util.Arrays.fill(done, false);
        java.util.Arrays.fill(startOver, true);
        doneCount = 0;
        current = -1;
        left = 0;
        nextFile = 0;
        if (draws != null) {
            draws = new FileDraws(jobFiles.service(), count);
        }
        if (eachLoop != null) {
            eachLoop.run();
        }
    }

    @Override
    public int fileOf(IoRequest r) {
        return slotFile[r.index()];
    }

    /** File {@code i} open for a read back, opened now if it is not (no {@code openfiles} bound: fio's do_verify). */
    @Override
    public IoFile verifyFile(int i) {
        if (files[i] == null) {
            try {
                files[i] = opener.open(i);
                open++;
            } catch (SysException e) {
                fail(new IoFailure(worker, "open", 0, 0, e.errno(), Errno.name(e.errno()), e.getMessage()));
            } catch (IOException e) {
                fail(new IoFailure(worker, "open", 0, 0, 0, "", e.getMessage()));
            }
        }
        return files[i];
    }

    /** fio's {@code close_files} in {@code clear_io_state}: every open file closed (none has a request in flight). */
    @Override
    public void closeAll() {
        for (int f = 0; f < count; f++) {
            closeWhenIdle(f);
        }
    }

    /** fio's {@code set_io_u_file}: the next file that has a request to give; -1 when every file is done. */
    private int pick() {
        while (true) {
            if (loopCapBytes > 0 && issued - loopFirstByte >= loopCapBytes) {
                // fio's do_io: the loop queued total_bytes; keep_running says if another starts
                if (!anotherLoop()) {
                    ended = true;
                    return -1;
                }
                if (inFlightAll > 0) {
                    return -1; // fio's do_io waits for its requests before the next loop: asked again once reaped
                }
                newLoop();
                if (holdLoops) {
                    return NEW_LOOP;
                }
                closeAll();
                continue;
            }
            int f = nextFileOf();
            if (f < 0) {
                if (doneCount >= count && anotherLoop()) {
                    if (inFlightAll > 0) {
                        return -1; // the loop's last requests first, as fio's do_io waits for them
                    }
                    newLoop(); // fio's keep_running: bytes left, every file again
                    if (holdLoops) {
                        return NEW_LOOP;
                    }
                    closeAll();
                    continue;
                }
                return -1;
            }
            if (inner[f].more()) {
                return f;
            }
            // fio: the file is closed; done, or with a non-uniform service started over (opened again when drawn)
            if (nonUniform) {
                startOver[f] = true;
            } else {
                done[f] = true;
                doneCount++;
            }
            if (current == f) {
                current = -1;
            }
            closeWhenIdle(f);
        }
    }

    /**
     * fio's {@code keep_running} once a loop is over: with fio's loops, another while {@code loops} are not all made,
     * then while {@code io_size} is not done; else while the job's bytes leave room for its largest request.
     */
    private boolean anotherLoop() {
        if (failed || issued >= byteBudget) {
            return false;
        }
        if (fioLoops != null) {
            return again && fioLoops.anotherLoop(loops + 1, issued, largest);
        }
        return again && byteBudget - issued >= largest;
    }

    /** fio's {@code __get_next_file}: the current file while it has requests left of its pick, else a new pick. */
    private int nextFileOf() {
        if (doneCount >= count) {
            return -1;
        }
        int f = current;
        if (f >= 0 && files[f] != null && !closing[f] && !done[f] && !startOver[f]) {
            if (kind == JobFiles.Kind.SEQUENTIAL) {
                return f;
            }
            if (left > 0) {
                left--;
                return f;
            }
        }
        f = draws == null ? nextInTurn() : nextDrawn();
        if (f < 0) {
            return -1;
        }
        current = f;
        left = perPick - 1;
        return f;
    }

    /**
     * fio's {@code get_next_file_rr}: the next file in turn that is open (not done, not closing), or may be opened
     * while fewer than {@code openfiles} are; fio answers {@code -EBUSY} for a file it may not open yet and its next
     * pick goes on from the file after it, as here. -1 when no file may take a request now (those open are closing,
     * their last requests in flight: the worker reaps and asks again).
     */
    private int nextInTurn() {
        for (int tries = 0; tries < count && !failed; tries++) {
            int f = nextFile;
            nextFile = nextFile + 1 >= count ? 0 : nextFile + 1;
            if (done[f] || closing[f]) {
                continue;
            }
            if (files[f] == null && (open >= openLimit || !tryOpen(f))) {
                continue;
            }
            return f;
        }
        return -1;
    }

    /**
     * fio's {@code get_next_file_rand}: draws until a file not done is open or may be opened (fio draws again after
     * its {@code -EBUSY} too); -1 when no file may take a request now.
     */
    private int nextDrawn() {
        int misses = 0;
        while (!failed) {
            int f = draws.next();
            if (!done[f] && !closing[f] && (files[f] != null || open < openLimit && tryOpen(f))) {
                return f;
            }
            if (++misses % (8 * count) == 0 && !anyAvailable()) {
                return -1;
            }
        }
        return -1;
    }

    /** True when some file may take a request now: open and not closing, or not done and openable. */
    private boolean anyAvailable() {
        for (int f = 0; f < count; f++) {
            if (!done[f] && !closing[f] && (files[f] != null || open < openLimit)) {
                return true;
            }
        }
        return false;
    }

    /** Opens file {@code f} in the run; a failure stops the run (fio skips the file; its error is kept). */
    private boolean tryOpen(int f) {
        try {
            openFile(f);
            return true;
        } catch (SysException e) {
            fail(new IoFailure(worker, "open", 0, 0, e.errno(), Errno.name(e.errno()), e.getMessage()));
        } catch (IOException e) {
            fail(new IoFailure(worker, "open", 0, 0, 0, "", e.getMessage()));
        }
        return false;
    }

    private void fail(IoFailure failure) {
        failed = true;
        control.fail(failure);
    }

    @Override
    public void next(IoRequest r) {
        if (pending == NEW_LOOP) {
            resumeLoop();
        }
        int f = pending >= 0 ? pending : pick();
        pending = -1;
        RequestSource s = inner[f];
        s.next(r);
        long p = s.passes();
        if (p != filePasses[f]) { // this file started a new pass: the worker drops its cache (fio's invalidate)
            filePasses[f] = p;
            passes++;
        }
        slotFile[r.index()] = f;
        inFlight[f]++;
        inFlightAll++;
        issued += r.length();
    }

    /** A request of file {@code f} is back for good: a done file is closed after its last one. */
    private void finished(int f) {
        inFlight[f]--;
        inFlightAll--;
        if (closing[f]) {
            closeWhenIdle(f);
        }
    }

    private void closeWhenIdle(int f) {
        if (files[f] == null) {
            return;
        }
        if (!closing[f] && requestLog != null) { // fio's td_io_close_file logs the close as it marks the file
            requestLog.closed(files[f], clock.nanoTime());
        }
        if (inFlight[f] > 0) {
            closing[f] = true;
            return;
        }
        IoFile file = files[f];
        files[f] = null;
        closing[f] = false;
        open--;
        try {
            engine.close(file);
        } catch (SysException e) {
            fail(new IoFailure(worker, "close", 0, 0, e.errno(), Errno.name(e.errno()), e.getMessage()));
        } catch (IOException e) {
            fail(new IoFailure(worker, "close", 0, 0, 0, "", e.getMessage()));
        }
    }

    /** Closes the files still open after the run, through the engine; close's errors stop the run. */
    void closeRest(RunControl runControl) {
        for (int i = 0; i < count; i++) {
            IoFile f = files[i];
            if (f != null) {
                files[i] = null;
                WorkerSet.closeFile(engine, f, runControl);
            }
        }
    }

    /** Closes what is still open, ignoring errors: clean-up after another failure. */
    void closeQuietly() {
        for (int i = 0; i < count; i++) {
            IoFile f = files[i];
            if (f != null) {
                files[i] = null;
                engine.closeQuietly(f);
            }
        }
    }

    private RequestSource of(IoRequest r) {
        return inner[slotFile[r.index()]];
    }

    @Override
    public boolean shortIsFinal(IoRequest r) {
        return of(r).shortIsFinal(r);
    }

    @Override
    public String nothingTransferred(IoRequest r) {
        String failure = of(r).nothingTransferred(r);
        finished(slotFile[r.index()]);
        return failure;
    }

    @Override
    public boolean completed(IoRequest r, long bytes) {
        int f = slotFile[r.index()];
        if (inner[f].completed(r, bytes)) {
            return true;
        }
        finished(f);
        return false;
    }

    @Override
    public String dataFailure(IoRequest r, long bytes) {
        return of(r).dataFailure(r, bytes);
    }

    @Override
    public void finished() {
        for (RequestSource s : inner) {
            if (s != null) {
                s.finished();
            }
        }
    }

    @Override
    public String where(IoRequest r) {
        return " of " + r.file();
    }

    @Override
    public void rampEnded() {
        for (RequestSource s : inner) {
            if (s != null) {
                s.rampEnded();
            }
        }
    }
}
