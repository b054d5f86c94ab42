package org.iobench.report;

import java.util.List;
import java.util.Locale;
import org.iobench.result.Interval;
import org.iobench.result.IntervalLatency;
import org.iobench.result.RunResult;

/**
 * Runs' series as CSV, one row per interval: where it starts and how long it is, its rate, and its latency over
 * time (p50, p99 and max per direction of the requests completed in it, ns; empty where none completed or where the
 * run did not record it). The figures are the JSON series' ({@code runs[].series[]}).
 */
public final class SeriesCsv {
    static final String HEADER = "id,repetition,interval,startSeconds,durationSeconds,readBytes,writeBytes,reads,"
            + "writes,bytesPerSecond,opsPerSecond,readP50Ns,readP99Ns,readMaxNs,writeP50Ns,writeP99Ns,writeMaxNs,"
            + "trimP50Ns,trimP99Ns,trimMaxNs";

    private SeriesCsv() {}

    public static String render(List<HdrLog.Entry> entries) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (HdrLog.Entry e : entries) {
            for (RunResult r : e.result().runs()) {
                long start = 0;
                for (Interval i : r.intervals().series()) {
                    b.append(e.id()).append(',').append(r.run()).append(',').append(i.index()).append(',')
                            .append(seconds(start)).append(',').append(seconds(i.durationNanos())).append(',')
                            .append(i.bytesRead()).append(',').append(i.bytesWritten()).append(',')
                            .append(i.reads()).append(',').append(i.writes()).append(',')
                            .append(number(i.bytesPerSecond())).append(',').append(number(i.iops()));
                    IntervalLatency l = i.latency();
                    point(b, l == null ? null : l.read());
                    point(b, l == null ? null : l.write());
                    point(b, l == null ? null : l.trim());
                    b.append('\n');
                    start += i.durationNanos();
                }
            }
        }
        return b.toString();
    }

    private static void point(StringBuilder b, IntervalLatency.Point p) {
        if (p == null) {
            b.append(",,,");
        } else {
            b.append(',').append(p.p50Ns()).append(',').append(p.p99Ns()).append(',').append(p.maxNs());
        }
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.6f", nanos / 1e9);
    }

    private static String number(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }
}
