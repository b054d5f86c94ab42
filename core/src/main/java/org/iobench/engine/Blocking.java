package org.iobench.engine;

/**
 * Runs one request at a time to its end on any engine, waiting for it: for set-up, checks and tools (laying out a
 * new file, dropping caches, reading a target back to verify it), never for measured I/O, whose loop keeps the queue
 * full and allocates nothing. Nothing else may be in flight on the engine. Failures come back as {@code -errno}, as
 * on the request.
 */
public final class Blocking {
    private Blocking() {}

    /** Submits {@code r} once and waits for it: its result (bytes, possibly short; 0 for a sync; or -errno). */
    public static long once(IoEngine engine, IoRequest r) {
        SubmitStatus status = engine.submit(r);
        if (status == SubmitStatus.COMPLETED) {
            return r.result();
        }
        if (status == SubmitStatus.BUSY) {
            throw new IllegalStateException(engine.name() + " answered BUSY with " + engine.inFlight()
                    + " requests in flight: run one request at a time on an engine of its own");
        }
        engine.commit();
        Completions done = new Completions(1);
        while (done.size() == 0) {
            engine.reap(1, done);
        }
        return r.result();
    }

    /**
     * Transfers all of {@code r}, resubmitting the rest after each short transfer, and returns the bytes moved (fewer
     * than asked only where the file ends: a transfer of 0), or {@code -errno}. A sync runs once.
     */
    public static long fully(IoEngine engine, IoRequest r) {
        long moved = 0;
        while (true) {
            long n = once(engine, r);
            if (n < 0) {
                return n;
            }
            if (!r.op().transfersData()) {
                return 0;
            }
            moved += n;
            if (n == 0 || n == r.length()) {
                return moved;
            }
            r.advance(n);
        }
    }
}
