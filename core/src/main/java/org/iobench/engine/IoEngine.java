package org.iobench.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * The contract between a worker and a way of doing I/O, shaped after fio's {@code ioengine_ops} so that
 * synchronous and asynchronous engines share it.
 *
 * <pre>{@code
 * switch (engine.submit(req)) {
 *     case COMPLETED -> handle(req);          // sync engines: done, result set
 *     case QUEUED    -> inFlight++;           // async engines: comes back from reap
 *     case BUSY      -> { engine.commit(); engine.reap(1, done); ... }
 * }
 * engine.commit();                            // flush queued requests to the kernel
 * int n = engine.reap(1, done);               // wait for at least one completion
 * }</pre>
 *
 * The engine also owns the files its requests name, as fio's {@code open_file}/{@code close_file}/{@code invalidate}:
 * a worker {@link #open opens} its files through its engine before the first request, and
 * {@link #close(IoFile) closes} them through it after the last; a sync is a request
 * ({@link IoOp#FDATASYNC}/{@link IoOp#FSYNC}) submitted like any other (fio's {@code fio_io_sync}).
 *
 * <pre>{@code
 * IoFile f = engine.open(path, OpenMode.READ_WRITE);
 * ... requests on f ...
 * engine.submit(req.prepare(IoOp.FDATASYNC, f, 0, 0)); ...
 * engine.invalidate(f);                       // drop its cached pages
 * engine.close(f);                            // close(2), its error thrown
 * }</pre>
 *
 * One engine instance serves one worker thread. Failures of a single I/O are reported on the request
 * ({@link IoRequest#result()} {@code < 0}); exceptions are for set-up (open, close, invalidate) and broken engines.
 */
public interface IoEngine extends AutoCloseable {

    /** The engine's name as on the command line ({@code psync}, {@code uring}, {@code libaio}, {@code null}). */
    String name();

    /**
     * Opens {@code path} for this engine's requests (fio's {@code open_file}). The default is the generic open of a
     * descriptor; an engine that registers files with the kernel, or does no I/O, overrides it. Open a worker's files
     * before its first request.
     *
     * @throws IOException when the file cannot be opened (the errno named)
     */
    default IoFile open(Path path, OpenMode mode) throws IOException {
        return IoFile.open(path, mode);
    }

    /**
     * Closes {@code file}, opened by {@link #open} and with no request in flight (fio's {@code close_file});
     * close's own error is thrown, not dropped.
     */
    default void close(IoFile file) throws IOException {
        file.closeHandle();
    }

    /** Closes {@code file}, ignoring close's error: for clean-up after another failure, which is the one to report. */
    default void closeQuietly(IoFile file) {
        try {
            close(file);
        } catch (IOException | RuntimeException ignored) {
            // the caller is reporting an earlier failure
        }
    }

    /**
     * Drops {@code file}'s clean pages from the page cache (fio's {@code invalidate}: {@code posix_fadvise
     * DONTNEED}); dirty pages stay until written back, so sync it first to drop everything.
     */
    default void invalidate(IoFile file) throws IOException {
        file.dropCache();
    }

    /**
     * Tells the kernel how {@code file} will be read (fio's {@code fadvise_hint} at each open: POSIX_FADV_RANDOM when
     * {@code random}, else POSIX_FADV_SEQUENTIAL, over {@code length} bytes from {@code offset}), so that it reads
     * ahead for the job's pattern. Advice only: the answer is 0 or {@code -errno}, never thrown (fio goes on too).
     * Engines that touch no file's pages take none.
     */
    default int adviseAccess(IoFile file, boolean random, long offset, long length) {
        return file.adviseAccess(random, offset, length);
    }

    /**
     * Waits for the other end of {@code file}, as fio's net engine does: a listener accepts its connection, a datagram
     * receiver waits for the sender's first message, a sender connects. Called on the job's thread after its start
     * delay and before its measured window starts, so that the wait is no part of the window; the answer says whether
     * the wait counts against the job's runtime (as fio's does, but for an accept) or the job's time starts after it.
     * {@code stopped} ends the wait early (then {@link PeerReached#STOPPED}). Engines with no other end have nothing
     * to wait for.
     *
     * @throws IOException when the other end cannot be reached (the call and errno named)
     */
    default PeerReached awaitPeer(IoFile file, BooleanSupplier stopped) throws IOException {
        return PeerReached.REACHED;
    }

    /** Starts {@code request}: done now, queued for later, or refused because the queue is full. */
    SubmitStatus submit(IoRequest request);

    /** Hands queued requests to the kernel. Synchronous engines have nothing to do. */
    default void commit() {}

    /**
     * Waits until at least {@code min} completions are available (0: don't wait), adds them to {@code out}
     * (never more than its free capacity) and returns how many were added.
     */
    default int reap(int min, Completions out) {
        return 0;
    }

    /** Requests submitted and not yet reaped. */
    default int inFlight() {
        return 0;
    }

    /**
     * Requests answered {@code QUEUED} and not yet handed to the kernel: an asynchronous engine hands them over
     * itself once its batch is ready (fio's {@code iodepth_batch_submit}: {@code td_io_queue} commits there), the
     * rest at {@link #commit}; 0 just after it did.
     */
    default int uncommitted() {
        return 0;
    }

    /** Frees the engine (ring, context); files it opened are closed by {@link #close(IoFile)}, not here. */
    @Override
    default void close() {}
}
