package org.iobench.session;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.iobench.clock.NanoClock;
import org.iobench.job.JobSpec;
import org.iobench.measure.IoLog;
import org.iobench.workload.LiveView;
import org.iobench.workload.RunListener;

/**
 * fio's {@code --bandwidth-log}: the session's bandwidth per direction, all jobs together, in
 * {@code agg-read_bw.log}, {@code agg-write_bw.log} and {@code agg-trim_bw.log}, one line a sample in fio's log
 * format ({@code time (ms since the session started), KiB/s, direction, 0, 0}).
 *
 * <p>As fio 3.33 ({@code eta.c} {@code calc_thread_status}): the samples are taken only where fio computes its ETA
 * ({@code sampled}: stdout is a terminal or {@code --eta=always}; never with {@code --eta=never}, nor when stdout
 * carries only a non-normal format); its helper thread looks every 250 ms ({@code DISK_UTIL_MSEC}) and takes a sample
 * of each direction once {@code bw_avg_time} (500 ms) has passed since the last one: the bytes moved since then,
 * {@code 1000 * bytes / ms / 1024}. While nothing has moved yet, the window starts at the session's start. Without
 * samples the three files are written empty, as fio writes them.
 *
 * <p>The sampler runs on its own thread, on the injected clock, and reads the runs' live figures (release stores
 * of the workers, read with acquire loads): bytes of runs that ended stay counted, as fio's finished jobs' do.
 */
public final class AggregateBandwidthLog implements RunListener {
    /** fio's helper thread's period ({@code DISK_UTIL_MSEC}). */
    static final long TICK_NANOS = 250_000_000L;
    /** fio's default {@code bw_avg_time}. */
    static final long AVERAGE_MILLIS = 500;
    /** The files, in fio's direction order (read, write, trim). */
    public static final List<String> FILES = List.of("agg-read_bw.log", "agg-write_bw.log", "agg-trim_bw.log");

    private final NanoClock clock;
    private final boolean sampled;
    private final List<LiveView> views = new CopyOnWriteArrayList<>();
    private final IoLog[] logs = {new IoLog(false), new IoLog(false), new IoLog(false)};
    private final long[] lastBytes = new long[3];
    private long genesisNanos;
    private long lastNanos;
    private volatile boolean stopped;
    private boolean started;
    private Thread thread;

    /** @param sampled whether fio would compute its ETA (and so take samples); else the logs stay empty */
    public AggregateBandwidthLog(NanoClock clock, boolean sampled) {
        this.clock = clock;
        this.sampled = sampled;
    }

    /**
     * fio's genesis: samples are timed from now, every 250 ms on a thread of their own. Called by the first run's
     * start (fio sets its genesis just before it starts its jobs' threads; iobench's setup before the workers are
     * released moves no bytes and is not counted); again, it does nothing.
     */
    public void start() {
        if (started) {
            return;
        }
        genesisNanos = clock.nanoTime();
        lastNanos = genesisNanos;
        started = true;
        if (sampled) {
            thread = Thread.ofPlatform().daemon().name("iobench-agg-bw-log").start(this::sample);
        }
    }

    /** Whether {@link #start} was called: a run began. */
    public boolean started() {
        return started;
    }

    @Override
    public void runStarted(JobSpec spec, int run, LiveView live) {
        views.add(live);
        start();
    }

    /** fio's aggregate is every job's: each job of a parallel group is heard. */
    @Override
    public boolean hearsEveryJob() {
        return true;
    }

    private void sample() {
        long next = clock.nanoTime() + TICK_NANOS;
        while (!stopped) {
            clock.awaitOthers(next, TICK_NANOS);
            // the bytes before the time: the bytes counted by then are all the window's, whereas bytes read after the
            // time could hold some moved after it (on a test's clock, the look at the deadline lets the workers on)
            long[] bytes = bytes();
            long now = clock.nanoTime();
            if (now >= next) {
                tick(now, bytes);
                next = now + TICK_NANOS; // fio's helper re-arms after each wake
            }
        }
    }

    /** The bytes every job moved so far, per direction (0 read, 1 write, 2 trim). */
    private long[] bytes() {
        long[] bytes = new long[3];
        for (LiveView v : views) {
            bytes[0] += v.bytesRead();
            bytes[1] += v.bytesWritten();
            bytes[2] += v.bytesTrimmed();
        }
        return bytes;
    }

    /** One look of fio's helper thread at {@code nowNanos}: a sample per direction when the window is long enough. */
    void tick(long nowNanos) {
        tick(nowNanos, bytes());
    }

    private void tick(long nowNanos, long[] bytes) {
        if (lastBytes[0] + lastBytes[1] + lastBytes[2] == 0) {
            lastNanos = genesisNanos; // fio: fill_start_time while nothing moved
        }
        long windowMillis = (nowNanos - lastNanos) / 1_000_000;
        // fio samples when more than bw_avg_time ms passed; its helper wakes a few ms after each 250 ms tick, so
        // that is every second tick, which the clock's exact ticks reach at exactly 500 ms: at least, here
        if (windowMillis < AVERAGE_MILLIS) {
            return;
        }
        long at = (nowNanos - genesisNanos) / 1_000_000;
        for (int d = 0; d < 3; d++) {
            long diff = bytes[d] - lastBytes[d];
            logs[d].add(at, 1000 * diff / windowMillis / 1024, d, 0, 0);
            lastBytes[d] = bytes[d];
        }
        lastNanos = nowNanos;
    }

    /** Samples taken so far in direction {@code d} (0 read, 1 write, 2 trim). */
    int samples(int d) {
        return logs[d].size();
    }

    /** The runs ended: stops sampling and writes the three files into {@code directory} (fio's working directory). */
    public void finish(Path directory) throws IOException {
        stopped = true;
        if (thread != null) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (int d = 0; d < 3; d++) {
            logs[d].write(directory.resolve(FILES.get(d)));
        }
    }
}
