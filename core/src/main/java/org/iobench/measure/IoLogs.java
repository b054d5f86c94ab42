package org.iobench.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iobench.result.Intervals;

/**
 * The I/O logs of one fio job: bandwidth, IOPS and latency (total, completion, submission), per I/O or averaged over
 * windows of {@code avgMillis} as fio writes them:
 * <ul>
 *   <li>per I/O: time of completion (ms since the job started), the value of that I/O (latency in ns; bandwidth as
 *       fio computes it per I/O, {@code bytes * 10^6 / clat_ns}; IOPS 1), its direction, size and offset;</li>
 *   <li>windowed: at each window's end, per direction that had I/O, bandwidth in KiB/s and IOPS over the window,
 *       latency as the rounded mean (or the maximum, {@code log_max_value}) of the window's I/Os; block size and
 *       offset 0 (fio's HOWTO: "when using windowed logging the block size and offset entries will always contain
 *       0"). A last window shorter than half the window is folded into the one before (no stub row).</li>
 * </ul>
 *
 * <pre>{@code
 * IoLogs logs = new IoLogs(settings);
 * on each completion: logs.completed(sinceStartNanos, write ? 1 : 0, bytes, offset, latNs, slatNs, clatNs);
 * at the end:         logs.finish(endSinceStartNanos); logs.write(jobIndex);
 * }</pre>
 */
public final class IoLogs {
    /**
     * What to log, as fio's options say it.
     *
     * @param bwPrefix   {@code write_bw_log}'s name, or null; files {@code PREFIX_bw.N.log}
     * @param latPrefix  {@code write_lat_log}'s name, or null; files {@code PREFIX_lat.N.log}, {@code _clat},
     *                   {@code _slat}
     * @param iopsPrefix {@code write_iops_log}'s name, or null; files {@code PREFIX_iops.N.log}
     * @param avgMillis  {@code log_avg_msec}: 0 logs every I/O
     * @param logMax     {@code log_max_value}: windows log the maximum latency instead of the mean
     * @param offsets    {@code log_offset}
     * @param perJobIndex {@code per_job_logs}: the {@code .N} in the file names
     * @param priorities {@code log_prio}: the last column is each I/O's priority value ({@code 0x2000}), not
     *                   whether it was of the real-time class ({@code 1}/{@code 0})
     * @param compressBytes   {@code log_compression}: samples deflated in chunks of this many bytes as they come, 0:
     *                        not
     * @param storeCompressed {@code log_store_compressed}: the files are fio's compressed logs,
     *                        {@code PREFIX_bw.N.log.fz}
     */
    public record Settings(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                           boolean offsets, boolean perJobIndex, boolean priorities, long compressBytes,
                           boolean storeCompressed) {
        public Settings(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                        boolean offsets, boolean perJobIndex) {
            this(bwPrefix, latPrefix, iopsPrefix, avgMillis, logMax, offsets, perJobIndex, false);
        }

        public Settings(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                        boolean offsets, boolean perJobIndex, boolean priorities) {
            this(bwPrefix, latPrefix, iopsPrefix, avgMillis, logMax, offsets, perJobIndex, priorities, 0, false);
        }
    }

    private final Settings settings;
    private final IoLog bw;
    private final IoLog iops;
    private final IoLog lat;
    private final IoLog clat;
    private final IoLog slat;
    /** Windowed: the window being filled, from {@link #windowStartMillis}. */
    private final Window open = new Window();
    /**
     * Windowed: the last window closed, not written yet, so that a short tail at the job's end can be folded into it
     * ({@link #finish}); {@code pendingStartMillis < 0} when there is none.
     */
    private final Window pending = new Window();
    private long windowStartMillis;
    private long pendingStartMillis = -1;
    private long pendingEndMillis;
    /** Windows closed so far, as requests crossed their ends (the warm-up shows it took that branch). */
    private long windowsClosed;

    /** Per direction, the bytes, I/Os and latency sums and maxima (total, completion, submission) of one window. */
    private static final class Window {
        final long[] bytes = new long[3];
        final long[] ios = new long[3];
        final long[][] latSum = new long[3][3];
        final long[][] latMax = new long[3][3];

        void add(int direction, long b, long latNs, long clatNs, long slatNs) {
            bytes[direction] += b;
            ios[direction]++;
            put(direction, 0, latNs);
            put(direction, 1, clatNs);
            put(direction, 2, slatNs);
        }

        private void put(int direction, int k, long v) {
            latSum[direction][k] += Math.max(0, v);
            latMax[direction][k] = Math.max(latMax[direction][k], v);
        }

        /** Adds {@code other}'s counts to this window's. */
        void addAll(Window other) {
            for (int d = 0; d < 3; d++) {
                bytes[d] += other.bytes[d];
                ios[d] += other.ios[d];
                for (int k = 0; k < 3; k++) {
                    latSum[d][k] += other.latSum[d][k];
                    latMax[d][k] = Math.max(latMax[d][k], other.latMax[d][k]);
                }
            }
        }

        void clear() {
            for (int d = 0; d < 3; d++) {
                bytes[d] = 0;
                ios[d] = 0;
                for (int k = 0; k < 3; k++) {
                    latSum[d][k] = 0;
                    latMax[d][k] = 0;
                }
            }
        }
    }

    public IoLogs(Settings settings) {
        this.settings = settings;
        boolean o = settings.offsets();
        boolean p = settings.priorities();
        long z = settings.compressBytes();
        this.bw = settings.bwPrefix() != null ? new IoLog(o, p, z, null) : null;
        this.iops = settings.iopsPrefix() != null ? new IoLog(o, p, z, null) : null;
        this.lat = settings.latPrefix() != null ? new IoLog(o, p, z, null) : null;
        this.clat = lat != null ? new IoLog(o, p, z, null) : null;
        this.slat = lat != null ? new IoLog(o, p, z, null) : null;
    }

    /**
     * One finished I/O.
     *
     * @param slatNs submission latency, or -1 where the engine does not split it (fio's sync engines log no slat)
     */
    public void completed(long sinceStartNanos, int direction, long bytes, long offset, long latNs, long slatNs,
                          long clatNs) {
        completed(sinceStartNanos, direction, bytes, offset, latNs, slatNs, clatNs, 0);
    }

    /**
     * One finished I/O of priority {@code ioprio} ({@code class << 13 | level}, 0: none); windows log priority 0,
     * as fio's.
     */
    public void completed(long sinceStartNanos, int direction, long bytes, long offset, long latNs, long slatNs,
                          long clatNs, int ioprio) {
        long ms = sinceStartNanos / 1_000_000;
        if (settings.avgMillis() == 0) {
            if (bw != null) {
                bw.add(ms, clatNs > 0 ? bytes * 1_000_000 / clatNs : 0, direction, bytes, offset, ioprio);
            }
            if (iops != null) {
                iops.add(ms, 1, direction, bytes, offset, ioprio);
            }
            if (lat != null) {
                lat.add(ms, latNs, direction, bytes, offset, ioprio);
                clat.add(ms, clatNs, direction, bytes, offset, ioprio);
                if (slatNs >= 0) {
                    slat.add(ms, slatNs, direction, bytes, offset, ioprio);
                }
            }
            return;
        }
        while (ms - windowStartMillis >= settings.avgMillis()) {
            closeWindow(windowStartMillis + settings.avgMillis());
        }
        open.add(direction, bytes, latNs, clatNs, slatNs);
    }

    /**
     * Closes the last window at the job's end ({@code endSinceStartNanos} after its start). A last window shorter than
     * half of {@code log_avg_msec} (the requests in flight at a time-based job's deadline) is folded into the one
     * before, so that no row holds a rate over a few milliseconds: fio, which stops at the deadline, writes none.
     */
    public void finish(long endSinceStartNanos) {
        if (settings.avgMillis() <= 0) {
            return;
        }
        long endMillis = endSinceStartNanos / 1_000_000;
        long span = endMillis - windowStartMillis;
        if (pendingStartMillis >= 0 && pendingEndMillis == windowStartMillis
                && Intervals.tooShort(span, settings.avgMillis())) {
            pending.addAll(open);
            pendingEndMillis = Math.max(pendingEndMillis, endMillis);
            open.clear();
            flushPending();
            return;
        }
        flushPending();
        write(open, windowStartMillis, Math.max(windowStartMillis + 1, endMillis));
        open.clear();
        windowStartMillis = endMillis;
    }

    /** The open window ends at {@code endMillis}: the one before it is written, this one waits (see finish). */
    private void closeWindow(long endMillis) {
        windowsClosed++;
        flushPending();
        pending.addAll(open);
        pendingStartMillis = windowStartMillis;
        pendingEndMillis = endMillis;
        open.clear();
        windowStartMillis = endMillis;
    }

    private void flushPending() {
        if (pendingStartMillis >= 0) {
            write(pending, pendingStartMillis, pendingEndMillis);
            pending.clear();
            pendingStartMillis = -1;
        }
    }

    /**
     * One row per direction that had I/O in the window, at the window's end: bandwidth in KiB/s and IOPS over its
     * length, latency as the rounded mean (or the maximum); block size, offset and priority 0, as fio's HOWTO says of
     * windowed logs.
     */
    private void write(Window w, long startMillis, long endMillis) {
        long spent = Math.max(1, endMillis - startMillis);
        for (int d = 0; d < 3; d++) {
            long n = w.ios[d];
            if (n == 0) {
                continue;
            }
            if (bw != null) {
                bw.add(endMillis, w.bytes[d] * 1000 / spent / 1024, d, 0, 0);
            }
            if (iops != null) {
                iops.add(endMillis, n * 1000 / spent, d, 0, 0);
            }
            if (lat != null) {
                lat.add(endMillis, value(w, d, 0, n), d, 0, 0);
                clat.add(endMillis, value(w, d, 1, n), d, 0, 0);
                slat.add(endMillis, value(w, d, 2, n), d, 0, 0);
            }
        }
    }

    private long value(Window w, int d, int k, long n) {
        return settings.logMax() ? w.latMax[d][k] : (w.latSum[d][k] + n / 2) / n;
    }

    /** Windowed: the windows a request's completion closed so far (not counting {@link #finish}'s). */
    public long windowsClosed() {
        return windowsClosed;
    }

    /**
     * Writes the files into {@code dir} for the job numbered {@code jobIndex} (1-based, fio's {@code .N}); returns
     * the files written.
     */
    public List<Path> write(Path dir, int jobIndex) throws IOException {
        List<Path> out = new ArrayList<>();
        write(dir, settings.bwPrefix(), "bw", bw, jobIndex, out);
        write(dir, settings.iopsPrefix(), "iops", iops, jobIndex, out);
        write(dir, settings.latPrefix(), "lat", lat, jobIndex, out);
        write(dir, settings.latPrefix(), "clat", clat, jobIndex, out);
        write(dir, settings.latPrefix(), "slat", slat, jobIndex, out);
        return out;
    }

    private void write(Path dir, String prefix, String type, IoLog log, int jobIndex, List<Path> out)
            throws IOException {
        if (log == null) {
            return;
        }
        Path file = dir.resolve(prefix + "_" + type + (settings.perJobIndex() ? "." + jobIndex : "") + ".log"
                + (settings.storeCompressed() ? ".fz" : ""));
        if (settings.storeCompressed()) {
            log.writeCompressed(file);
        } else {
            log.write(file);
        }
        out.add(file);
    }
}
