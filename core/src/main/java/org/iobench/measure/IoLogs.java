package org.iobench.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The I/O logs of one fio job: bandwidth, IOPS and latency (total, completion, submission), per I/O or averaged over
 * windows of {@code avgMillis} as fio writes them:
 * <ul>
 *   <li>per I/O: time of completion (ms since the job started), the value of that I/O (latency in ns; bandwidth as
 *       fio computes it per I/O, {@code bytes * 10^6 / clat_ns}; IOPS 1), its direction, size and offset;</li>
 *   <li>windowed: at each window's end, per direction that had I/O, bandwidth in KiB/s and IOPS over the window,
 *       latency as the rounded mean (or the maximum, {@code log_max_value}) of the window's I/Os; block size
 *       (when the job has one size) and offset 0.</li>
 * </ul>
 *
 * <pre>{@code
 * IoLogs logs = new IoLogs(settings, fixedBlockBytes);
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
     */
    public record Settings(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                           boolean offsets, boolean perJobIndex, boolean priorities) {
        public Settings(String bwPrefix, String latPrefix, String iopsPrefix, long avgMillis, boolean logMax,
                        boolean offsets, boolean perJobIndex) {
            this(bwPrefix, latPrefix, iopsPrefix, avgMillis, logMax, offsets, perJobIndex, false);
        }

        public boolean any() {
            return bwPrefix != null || latPrefix != null || iopsPrefix != null;
        }
    }

    private final Settings settings;
    private final long fixedBlockBytes;
    private final IoLog bw;
    private final IoLog iops;
    private final IoLog lat;
    private final IoLog clat;
    private final IoLog slat;
    // windowed: per direction, bytes, I/Os and latency sums of the current window
    private final long[] windowBytes = new long[3];
    private final long[] windowIos = new long[3];
    private final long[][] latSum = new long[3][3];
    private final long[][] latMax = new long[3][3];
    private long windowStartMillis;

    /** @param fixedBlockBytes the job's request size when it has one, else 0 (fio's windowed bs column) */
    public IoLogs(Settings settings, long fixedBlockBytes) {
        this.settings = settings;
        this.fixedBlockBytes = fixedBlockBytes;
        boolean o = settings.offsets();
        boolean p = settings.priorities();
        this.bw = settings.bwPrefix() != null ? new IoLog(o, p) : null;
        this.iops = settings.iopsPrefix() != null ? new IoLog(o, p) : null;
        this.lat = settings.latPrefix() != null ? new IoLog(o, p) : null;
        this.clat = lat != null ? new IoLog(o, p) : null;
        this.slat = lat != null ? new IoLog(o, p) : null;
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
        windowBytes[direction] += bytes;
        windowIos[direction]++;
        long[] values = {latNs, clatNs, slatNs};
        for (int k = 0; k < 3; k++) {
            latSum[direction][k] += Math.max(0, values[k]);
            latMax[direction][k] = Math.max(latMax[direction][k], values[k]);
        }
    }

    /** Closes the last window at the job's end. */
    public void finish(long endSinceStartNanos) {
        if (settings.avgMillis() > 0) {
            closeWindow(Math.max(windowStartMillis + 1, endSinceStartNanos / 1_000_000));
        }
    }

    private void closeWindow(long endMillis) {
        long spent = Math.max(1, endMillis - windowStartMillis);
        for (int d = 0; d < 3; d++) {
            long n = windowIos[d];
            if (n == 0) {
                continue;
            }
            if (bw != null) {
                bw.add(endMillis, windowBytes[d] * 1000 / spent / 1024, d, fixedBlockBytes, 0);
            }
            if (iops != null) {
                iops.add(endMillis, n * 1000 / spent, d, fixedBlockBytes, 0);
            }
            if (lat != null) {
                IoLog[] logs = {lat, clat, slat};
                for (int k = 0; k < 3; k++) {
                    long v = settings.logMax() ? latMax[d][k] : (latSum[d][k] + n / 2) / n;
                    logs[k].add(endMillis, v, d, fixedBlockBytes, 0);
                }
            }
            windowBytes[d] = 0;
            windowIos[d] = 0;
            latSum[d] = new long[3];
            latMax[d] = new long[3];
        }
        windowStartMillis = endMillis;
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
        Path file = dir.resolve(prefix + "_" + type + (settings.perJobIndex() ? "." + jobIndex : "") + ".log");
        log.write(file);
        out.add(file);
    }
}
