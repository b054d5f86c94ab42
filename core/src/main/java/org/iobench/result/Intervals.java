package org.iobench.result;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's throughput series.
 *
 * @param intervalNanos length of each interval (the last may be shorter)
 * @param series        per-interval counts of the measured phase, by completion time
 */
public record Intervals(long intervalNanos, List<Interval> series) {
    /**
     * The largest share of a folded interval's requests that a stub may hold while the whole interval's latency
     * percentiles still stand for both: at 1/1000 the merged p99 lies between the whole one's p98.9 and p99.1.
     */
    private static final long STUB_SHARE = 1000;

    public Intervals {
        series = List.copyOf(series);
    }

    /**
     * True when a last interval of {@code durationNanos} is too short to report a rate over: less than half the
     * interval length. A run folds such a tail into the interval before (the series' rule, docs/options.md).
     */
    public static boolean tooShort(long durationNanos, long intervalNanos) {
        return durationNanos * 2 < intervalNanos;
    }

    /**
     * This series as runs have been measured since the tail rule: a last interval {@link #tooShort} is folded into the
     * one before, its counts and duration added, so no rate is reported over a stub and the series still adds up to
     * the totals. Results saved before the rule (a 3-8 ms last interval holding the request in flight at the
     * deadline) read so, in every view. The folded interval's latency keeps the whole one's p50 and p99 (and the
     * larger max) only where the stub holds at most 1/{@value #STUB_SHARE} of a direction's requests (the one request
     * at a deadline); else the folded interval has no latency (not recorded), rather than percentiles that are not
     * its own. Returns this series when there is nothing to fold.
     */
    public Intervals folded() {
        int n = series.size();
        if (n < 2 || !tooShort(series.get(n - 1).durationNanos(), intervalNanos)) {
            return this;
        }
        Interval whole = series.get(n - 2);
        Interval stub = series.get(n - 1);
        Interval merged = new Interval(whole.index(), whole.durationNanos() + stub.durationNanos(),
                whole.bytesRead() + stub.bytesRead(), whole.bytesWritten() + stub.bytesWritten(),
                whole.reads() + stub.reads(), whole.writes() + stub.writes(), latency(whole.latency(), stub.latency()));
        List<Interval> out = new ArrayList<>(series.subList(0, n - 2));
        out.add(merged);
        return new Intervals(intervalNanos, out);
    }

    private static IntervalLatency latency(IntervalLatency whole, IntervalLatency stub) {
        if (stub == null) {
            return whole;
        }
        if (whole == null) {
            return null;
        }
        IntervalLatency.Point read = point(whole.read(), stub.read());
        IntervalLatency.Point write = point(whole.write(), stub.write());
        IntervalLatency.Point trim = point(whole.trim(), stub.trim());
        if (read == UNKNOWN || write == UNKNOWN || trim == UNKNOWN) {
            return null;
        }
        IntervalLatency l = new IntervalLatency(read, write, trim);
        return l.isEmpty() ? null : l;
    }

    private static final IntervalLatency.Point UNKNOWN = new IntervalLatency.Point(-1, -1, -1, -1);

    private static IntervalLatency.Point point(IntervalLatency.Point whole, IntervalLatency.Point stub) {
        if (stub == null) {
            return whole;
        }
        if (whole == null) {
            return UNKNOWN;
        }
        long count = whole.count() + stub.count();
        if (stub.count() * STUB_SHARE > count) {
            return UNKNOWN;
        }
        return new IntervalLatency.Point(count, whole.p50Ns(), whole.p99Ns(), Math.max(whole.maxNs(), stub.maxNs()));
    }
}
