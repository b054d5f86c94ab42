package org.iobench.session;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.result.RunResult;
import org.iobench.workload.LiveView;
import org.iobench.workload.RunListener;

/**
 * The live line on stderr while jobs run ({@link Progress} says what it contains), rewritten in place every
 * {@value #TICK_MILLIS} ms with a carriage return, erased when a run ends; after each job's last run a final line
 * stays. Only made when stderr is a terminal and not {@code --quiet} (never in pipes or files).
 */
final class ProgressLine implements RunListener {
    static final long TICK_MILLIS = 250;
    private static final long TICK_NANOS = TICK_MILLIS * 1_000_000L;

    private final PrintStream err;
    private final NanoClock clock;
    private final Progress progress;
    private Thread ticker;
    private boolean shown;

    /** @param jobs the jobs in the order they run (the first of a parallel group), or null when not known */
    ProgressLine(PrintStream err, List<JobSpec> jobs) {
        this(err, jobs, NanoClock.SYSTEM);
    }

    ProgressLine(PrintStream err, List<JobSpec> jobs, NanoClock clock) {
        this.err = err;
        this.clock = clock;
        this.progress = new Progress(jobs);
    }

    @Override
    public synchronized void filling(JobSpec spec, Path file, long doneBytes, long totalBytes) {
        progress.filling(spec, file, doneBytes, totalBytes, clock.nanoTime());
        startTicker();
    }

    @Override
    public synchronized void runStarted(JobSpec spec, int run, LiveView live) {
        progress.runStarted(spec, run, live, clock.nanoTime());
        startTicker();
    }

    @Override
    public void runEnded(JobSpec spec, RunResult result) {
        stopTicker();
        synchronized (this) {
            String last = progress.runEnded(spec, result, clock.nanoTime());
            erase();
            if (last != null) {
                err.println(last);
                err.flush();
            }
        }
    }

    /** Stops the line and erases it (after an error, no run ended to do so). */
    void finish() {
        stopTicker();
        synchronized (this) {
            erase();
        }
    }

    private void startTicker() {
        if (ticker == null) {
            ticker = Thread.ofPlatform().daemon().name("iobench-progress").start(this::tick);
        }
    }

    private void stopTicker() {
        Thread t;
        synchronized (this) {
            t = ticker;
            ticker = null;
        }
        if (t != null) {
            t.interrupt();
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Rewrites the line every tick of the clock until interrupted; the runs' time is the workers' to fill. */
    private void tick() {
        long next = clock.nanoTime() + TICK_NANOS;
        while (!Thread.currentThread().isInterrupted()) {
            if (clock.nanoTime() < next) {
                clock.awaitOthers(next, TICK_NANOS); // returns at once when interrupted
                continue;
            }
            next = clock.nanoTime() + TICK_NANOS; // a tick late is one line late, not a burst of them
            synchronized (this) {
                String line = progress.line(clock.nanoTime());
                if (!line.isEmpty()) {
                    err.print("\r\033[K" + line);
                    err.flush();
                    shown = true;
                }
            }
        }
    }

    private void erase() {
        if (shown) {
            err.print("\r\033[K");
            err.flush();
            shown = false;
        }
    }
}
