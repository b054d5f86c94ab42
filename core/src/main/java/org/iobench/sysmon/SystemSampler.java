package org.iobench.sysmon;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.iobench.clock.NanoClock;

/**
 * Samples the system (and a set of block devices) on a daemon thread while a benchmark runs.
 *
 * <pre>{@code
 * SystemSampler sampler = new SystemSampler(ProcFs.system(), List.of("vda"), 1000, NanoClock.SYSTEM);
 * sampler.start();
 * ... run the benchmark ...
 * SystemSeries series = sampler.stop();
 * series.deviceBytesRead("vda");    // bytes the device read during the run
 * series.averageIowaitPercent();
 * }</pre>
 *
 * <p>Each sample reads about seven small procfs files with one {@code readAllBytes} each and parses them in place;
 * no processes are started. A snapshot that throws is counted in {@link SystemSeries#failedSnapshots()} and skipped:
 * monitoring must not break the benchmark.
 *
 * <p>Samples are scheduled at fixed deadlines from start ({@code start + k * interval}); if one is late the next
 * deadline in the future is used, so a stalled machine gives longer samples, not a burst of short ones.
 */
public final class SystemSampler {

    private final ProcFs proc;
    private final List<String> deviceNames;
    private final long intervalNanos;
    private final NanoClock nanoClock;
    private final Auxv constants;

    private final List<SystemSample> samples = new ArrayList<>();
    private SystemSnapshot first;
    private SystemSnapshot last;
    private int failed;
    private Thread thread;
    private volatile boolean running;

    /**
     * @param proc           where to read procfs
     * @param deviceNames    kernel names of the devices to sample ({@code vda}, {@code sdb1}); may be empty
     * @param intervalMillis sampling period, ms, at least 1 (1000 is vmstat's usual choice)
     * @param nanoClock      the run's clock: samples are stamped with it and it paces them ({@link NanoClock#SYSTEM})
     */
    public SystemSampler(ProcFs proc, Collection<String> deviceNames, long intervalMillis, NanoClock nanoClock) {
        if (intervalMillis < 1) {
            throw new IllegalArgumentException("intervalMillis must be at least 1: intervalMillis=" + intervalMillis);
        }
        this.proc = proc;
        this.deviceNames = List.copyOf(deviceNames);
        this.intervalNanos = intervalMillis * 1_000_000L;
        this.nanoClock = nanoClock;
        this.constants = proc.auxv();
    }

    /** Takes the first snapshot and starts the sampling thread. */
    public synchronized void start() {
        if (first != null) {
            throw new IllegalStateException("sampler already started");
        }
        first = snapshot();
        last = first;
        running = true;
        long startNanos = first.monotonicNanos();
        thread = Thread.ofPlatform().daemon().name("iobench-sysmon").unstarted(() -> loop(startNanos));
        thread.start();
    }

    /** Takes a sample now, in addition to the periodic ones (e.g. at a phase boundary). */
    public synchronized void sampleNow() {
        if (first == null) {
            throw new IllegalStateException("sampler not started");
        }
        try {
            SystemSnapshot next = snapshot();
            samples.add(SystemSample.between(last, next, constants));
            last = next;
        } catch (RuntimeException e) {
            failed++;
        }
    }

    /** The most recent sample, for a live display; empty until the first period has passed. */
    public synchronized Optional<SystemSample> latest() {
        return samples.isEmpty() ? Optional.empty() : Optional.of(samples.getLast());
    }

    /** Stops the thread, takes a final sample, and returns everything since {@link #start()}. */
    public SystemSeries stop() {
        Thread t;
        synchronized (this) {
            if (first == null) {
                throw new IllegalStateException("sampler not started");
            }
            running = false;
            t = thread;
        }
        t.interrupt();
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            sampleNow();
            return new SystemSeries(samples, SystemSample.between(first, last, constants), failed);
        }
    }

    private void loop(long startNanos) {
        long deadline = startNanos + intervalNanos;
        while (running) {
            long wait = deadline - nanoClock.nanoTime();
            if (wait > 0) {
                nanoClock.awaitOthers(deadline, wait);
                if (!running) {
                    return;
                }
                if (nanoClock.nanoTime() < deadline) {
                    continue; // spurious wake-up, or a test clock that has not moved
                }
            }
            sampleNow();
            long now = nanoClock.nanoTime();
            while (deadline <= now) {
                deadline += intervalNanos;
            }
        }
    }

    private SystemSnapshot snapshot() {
        return SystemSnapshot.read(proc, deviceNames, nanoClock.nanoTime());
    }
}
