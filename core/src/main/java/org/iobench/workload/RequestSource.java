package org.iobench.workload;

import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.result.DryRun;
import org.iobench.result.VerifyPhases;

/**
 * What one worker issues and what a finished request leads to: the job's access pattern, apart from the loop that
 * keeps the engine's queue full ({@link Worker}). The loop asks {@link #more()} and {@link #next} for each new
 * request and reports each finished one to {@link #completed}; resubmitting short transfers, latencies, pacing,
 * periodic syncs and stopping stay with the loop. Used by the worker's thread only; nothing on its path allocates.
 *
 * <pre>{@code
 * while (source.more() && ...) { source.next(r); submit(r); }
 * on completion:  if (!source.completed(r, bytes)) release(r);    // else r was prepared again: submit it
 * }</pre>
 */
interface RequestSource {
    /** True while the source has requests to issue (its byte budget not spent, its input not at its end). */
    boolean more();

    /**
     * True when the source says when each request may go ({@link #dueNanos}): a replayed log's delays. Asked once,
     * when the worker is made; false (the default) costs the loop nothing.
     */
    default boolean timesRequests() {
        return false;
    }

    /**
     * The clock time before which the next request must not be issued, asked (by a source that
     * {@link #timesRequests}) just before each {@link #next}; the worker reaps completions while it waits. A time
     * already past means at once.
     */
    default long dueNanos() {
        return Long.MIN_VALUE;
    }

    /** Prepares {@code r} (op, file, offset, length from the buffer's start) as the next request. */
    void next(IoRequest r);

    /**
     * True when a short transfer of {@code r} is its final answer, recorded with the bytes it moved (a copy's read:
     * dd's partial record); false to resubmit the rest, as for every other request.
     */
    default boolean shortIsFinal(IoRequest r) {
        return false;
    }

    /**
     * {@code r} transferred nothing: null when that is the source's normal end (a copy's input ran out), else the
     * failure's message, which stops the run.
     */
    String nothingTransferred(IoRequest r);

    /**
     * {@code r} finished having moved {@code bytes} (its latency recorded). Returns true when the source prepared
     * {@code r} again as a follow-up to submit at once (a copy writes what it just read), false when {@code r} is
     * free.
     */
    default boolean completed(IoRequest r, long bytes) {
        return false;
    }

    /**
     * {@code r} finished having moved {@code bytes} and was recorded: null when its data is as it should be, else
     * why not (fio's verify found a bad block), which fails the request with EILSEQ and stops the run. Called before
     * {@link #completed}.
     */
    default String dataFailure(IoRequest r, long bytes) {
        return null;
    }

    /**
     * How many times the source started a new pass over its region (the first pass is 0): a sequential walk back at
     * the start, a random map full and reset. The worker drops the file's cache at each when the job asks
     * ({@link org.iobench.job.Durability#dropCacheEachPass()}, fio's {@code invalidate}). Sources that never start
     * over (random with replacement, copies, file operations) keep 0.
     */
    default long passes() {
        return 0;
    }

    /**
     * The emulated zones this worker reset ({@code zonemode=zbd}: fio's {@code nr_zone_resets}, counted by the job
     * that reset them); 0 for every source that has no zones.
     */
    default long zoneResets() {
        return 0;
    }

    /**
     * True when some of the source's requests need no I/O ({@link #noIo}): asked once, when the worker is made;
     * false (the default) costs the loop nothing.
     */
    default boolean skipsIo() {
        return false;
    }

    /**
     * True when {@code r}, just prepared, is done without the engine (a trim of an emulated zone: fio's
     * {@code zbd_do_io_u_trim} resets the zone and sends nothing), complete with its whole length.
     */
    default boolean noIo(IoRequest r) {
        return false;
    }

    /** fio's {@code verify_only} dry run: the requests this worker counted as done without issuing; else null. */
    default DryRun dryRun() {
        return null;
    }

    /** fio's verify phases after the writes and their time ({@link FioVerifySource}); else null. */
    default VerifyPhases verifyPhases() {
        return null;
    }

    /** The worker's loop has ended (after its last completion, outside its measured time). */
    default void finished() {
    }

    /** True when a request that moved nothing still counts as one done (a cpuio burn); false: it is the end. */
    default boolean countsEmpty() {
        return false;
    }

    /**
     * True when {@code r}'s failure with {@code errno} is the source's end rather than an error (fio's
     * {@code fill_device}: the file system is full); the loop then issues nothing more and the run ends normally.
     */
    default boolean endsAt(int errno) {
        return false;
    }

    /** Where {@code r} went, for a failure's message: {@code ""}, or {@code " of /path"} when a job has two files. */
    default String where(IoRequest r) {
        return "";
    }

    /**
     * How many new loops over its files the source started, as fio's {@code clear_io_state} (the first is 0): fio
     * closes the job's files there and opens them again at the next request, and its {@code write_iolog} says so.
     */
    default long loops() {
        return 0;
    }

    /**
     * Ends the loop going now: the next request is the first of a new loop ({@link #loops} counts it), as fio's
     * {@code clear_io_state} starts one after its {@code do_io} left the loop at its {@code total_bytes}. Asked with
     * no request drawn and none in flight. False: the source cannot (the default; nothing changed).
     */
    default boolean endLoop() {
        return false;
    }

    /**
     * fio's rates per direction ({@link FioRates}): true when this source turns its requests' directions as fio's
     * {@code rate_ddir} turns them, from now on, each through {@link #paceNext} (a mixed job); false, the default:
     * the worker paces each request in its own direction.
     */
    default boolean turnsWith(FioRates rates) {
        return false;
    }

    /**
     * For a source that {@link #turnsWith} the rates: makes the next request now, as fio's {@code fill_io_u} does
     * (the direction drawn, turned by the rates at {@code nowNanos}, then the place and size); returns how long fio
     * sleeps before issuing it in µs (0: at once), or -1 when no request could be made ({@link #more} is then false).
     */
    default long paceNext(long nowNanos) {
        return more() ? 0 : -1;
    }

    /**
     * True while the source's requests are reads that verify what the job wrote (fio's {@code TD_VERIFYING} run
     * state: a verify phase, or every read of a job that only reads and verifies). Read from other threads (the ETA
     * line's letter).
     */
    default boolean verifying() {
        return false;
    }

    /**
     * The job's ramp is over (fio's {@code ramp_time_over}, at the first completion after it): what fio counts from
     * zero again there ({@code reset_all_stats}) starts again; called once, on the worker's thread, only for a job
     * with a ramp.
     */
    default void rampEnded() {}

    /**
     * fsync=N: a sync is due before the next request. True while the source would still give one (fio issues the
     * sync when it fetches its next request: a job done issuing makes none); unlike {@link #more}, nothing is
     * drawn for a request yet. The default: {@link #more}.
     */
    default boolean moreForSync() {
        return more();
    }

    /**
     * The file of the sync due now ({@link #moreForSync}): fio's sync takes the file its next pick gives
     * ({@code get_next_file}, a job over several files); the default: the worker's {@code file}.
     */
    default IoFile syncFile(IoFile file) {
        return file;
    }
}
