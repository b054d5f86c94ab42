package org.iobench.engine;

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
 * One engine instance serves one worker thread. Failures of a single I/O are reported on the request
 * ({@link IoRequest#result()} {@code < 0}); exceptions are for set-up and broken engines only.
 */
public interface IoEngine extends AutoCloseable {

    /** The engine's name as on the command line ({@code psync}, {@code uring}, {@code libaio}, {@code null}). */
    String name();

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

    @Override
    default void close() {}
}
