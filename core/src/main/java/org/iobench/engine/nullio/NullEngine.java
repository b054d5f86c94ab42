package org.iobench.engine.nullio;

import org.iobench.clock.NanoClock;
import java.util.Arrays;
import java.util.List;
import org.iobench.catalog.EngineDescription;
import org.iobench.catalog.EngineFlag;
import org.iobench.clock.NanoClock;
import org.iobench.engine.Completions;
import org.iobench.engine.DisklessEngine;
import org.iobench.engine.EngineOptions;
import org.iobench.engine.EngineProvider;
import org.iobench.engine.IoEngine;
import org.iobench.engine.IoFile;
import org.iobench.engine.IoRequest;
import org.iobench.engine.SubmitStatus;

/**
 * Completes every request at once without a system call or touching the file, like fio's {@code null} engine: a
 * read, write or trim "transfers" its whole length (the buffer is left as it is), a sync returns 0. What a run with it
 * measures is iobench's own cost per request (offsets, clock reads, latency histograms, the series): the harness's
 * ceiling, not storage.
 *
 * <p>At {@code iodepth} 1 {@link #submit} answers {@code COMPLETED}; above, as fio's null engine, requests are
 * {@code QUEUED}, complete on {@link #commit} and come back from {@link #reap}, so the asynchronous path of a
 * worker is measured too. As in fio, a request completed inside {@code submit} (iodepth 1, fio's {@code FIO_SYNCIO})
 * has no submission time, so it has no slat; a queued one is handed over at {@link #commit}, which reads the clock
 * once and stamps every request it completes ({@link IoRequest#submitNanos}), as fio's null engine sets the issue
 * time at commit. Nothing allocates.
 *
 * <p>Files are named, never opened (fio's null engine opens nothing either): {@link #open} makes an
 * {@link IoFile#unopened unopened} file, and closing or invalidating it does nothing.
 */
public final class NullEngine implements DisklessEngine {
    public static final EngineProvider PROVIDER = new EngineProvider() {
        /** Nothing is read or written, so there is nothing for /proc/self/io to agree with. */
        private final EngineDescription description = EngineDescription.of("null", null, List.of("null"),
                EngineFlag.DISKLESS, EngineFlag.OUTSIDE_PROC_IO);
        @Override public EngineDescription description() { return description; }
        @Override public IoEngine create(EngineOptions options) { return new NullEngine(options.iodepth(), options.clock()); }
    };

    private final int iodepth;
    private final NanoClock clock;
    /** Requests submitted and not yet reaped; the first {@code committed} of them are complete. */
    private final IoRequest[] held;
    private int heldCount;
    private int committed;

    NullEngine(int iodepth, NanoClock clock) {
        this.iodepth = iodepth;
        this.clock = clock;
        this.held = new IoRequest[iodepth];
    }

    @Override
    public String name() {
        return "null";
    }

    @Override
    public SubmitStatus submit(IoRequest r) {
        if (iodepth == 1) {
            r.submitNanos(Long.MIN_VALUE); // never handed over: no slat, as fio's synchronous engines
            finish(r);
            return SubmitStatus.COMPLETED;
        }
        if (heldCount >= iodepth) {
            return SubmitStatus.BUSY;
        }
        held[heldCount++] = r;
        return SubmitStatus.QUEUED;
    }

    private static void finish(IoRequest r) {
        r.complete(r.op().countsLength() ? r.length() : 0);
    }

    @Override
    public void commit() {
        long now = committed < heldCount ? clock.nanoTime() : 0;
        for (int i = committed; i < heldCount; i++) {
            held[i].submitNanos(now);
            finish(held[i]);
        }
        committed = heldCount;
    }

    @Override
    public int reap(int min, Completions out) {
        commit();
        int n = Math.min(committed, out.capacity() - out.size());
        IoRequest[] h = held;
        for (int i = 0; i < n; i++) {
            out.add(h[i]);
        }
        int left = heldCount - n;
        System.arraycopy(h, n, h, 0, left);
        Arrays.fill(h, left, heldCount, null);
        heldCount = left;
        committed -= n;
        return n;
    }

    @Override
    public int inFlight() {
        return heldCount;
    }

    /** Queued requests are handed over at {@link #commit} only. */
    @Override
    public int uncommitted() {
        return heldCount - committed;
    }
}
