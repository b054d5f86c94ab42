package org.iobench.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.iobench.result.Interval;
import org.iobench.result.Intervals;

/**
 * Counts bytes and operations per fixed interval of the measured phase, by completion time. One per worker (not
 * thread-safe); {@link #merge} sums workers' series after the run. Grows as the run goes on, so time-based runs
 * of any length work.
 */
public final class IntervalSeries {
    private final long intervalNanos;
    private long[] bytesRead = new long[64];
    private long[] bytesWritten = new long[64];
    private long[] reads = new long[64];
    private long[] writes = new long[64];
    private int used;

    public IntervalSeries(long intervalNanos) {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("intervalNanos must be positive: " + intervalNanos);
        }
        this.intervalNanos = intervalNanos;
    }

    /** Records a completion {@code sinceStartNanos} after the measured phase began (ignored if negative). */
    public void record(long sinceStartNanos, boolean write, long bytes) {
        if (sinceStartNanos < 0) {
            return;
        }
        int i = (int) (sinceStartNanos / intervalNanos);
        ensure(i);
        if (write) {
            bytesWritten[i] += bytes;
            writes[i]++;
        } else {
            bytesRead[i] += bytes;
            reads[i]++;
        }
    }

    private void ensure(int i) {
        if (i >= bytesRead.length) {
            int n = Math.max(i + 1, bytesRead.length * 2);
            bytesRead = Arrays.copyOf(bytesRead, n);
            bytesWritten = Arrays.copyOf(bytesWritten, n);
            reads = Arrays.copyOf(reads, n);
            writes = Arrays.copyOf(writes, n);
        }
        used = Math.max(used, i + 1);
    }

    /** A series holding this one's counts so far (a worker's figures so far, copied on its own thread). */
    public IntervalSeries copy() {
        IntervalSeries c = new IntervalSeries(intervalNanos);
        c.merge(this);
        return c;
    }

    /** Adds {@code other}'s counts to this series (same interval length). */
    public void merge(IntervalSeries other) {
        if (other.intervalNanos != intervalNanos) {
            throw new IllegalArgumentException("interval lengths differ");
        }
        if (other.used > 0) {
            ensure(other.used - 1);
        }
        for (int i = 0; i < other.used; i++) {
            bytesRead[i] += other.bytesRead[i];
            bytesWritten[i] += other.bytesWritten[i];
            reads[i] += other.reads[i];
            writes[i] += other.writes[i];
        }
    }

    /**
     * The intervals of a measured phase that lasted {@code elapsedNanos}, each of the interval's length but the last.
     * A last interval shorter than half the length (the tail after a time-based run's deadline: the requests in
     * flight there, the final sync) is folded into the one before, which then lasts longer and holds both: no rate is
     * reported over a stub, and the series' counts and durations still add up to the run's totals and elapsed time.
     * A last interval of at least half the length stays on its own.
     */
    public List<Interval> intervals(long elapsedNanos) {
        int n = shown(elapsedNanos, intervalNanos, used);
        List<Interval> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = i * intervalNanos;
            boolean last = i == n - 1;
            long duration = last ? Math.max(0, elapsedNanos - start) : intervalNanos;
            if (duration == 0 && i > 0) {
                duration = intervalNanos; // completions recorded past the elapsed time (not expected): a whole one
            }
            long br = 0, bw = 0, r = 0, w = 0;
            for (int j = i; j < (last ? used : Math.min(i + 1, used)); j++) {
                br += bytesRead[j];
                bw += bytesWritten[j];
                r += reads[j];
                w += writes[j];
            }
            out.add(new Interval(i, duration, br, bw, r, w));
        }
        return out;
    }

    /**
     * How many intervals a measured phase of {@code elapsedNanos} shows when completions fell into {@code used}
     * intervals of {@code intervalNanos}: a last one shorter than half the length is folded into the one before
     * (the last shown then holds every later index, see {@link #intervals}).
     */
    public static int shown(long elapsedNanos, long intervalNanos, int used) {
        long whole = elapsedNanos / intervalNanos;
        long rest = elapsedNanos % intervalNanos;
        long n = whole + (rest > 0 ? 1 : 0);
        if (n < used) { // completions past the elapsed time (not expected): every recorded index still shows
            return used;
        }
        if (whole >= 1 && rest > 0 && Intervals.tooShort(rest, intervalNanos)) {
            n = whole; // the short tail goes into the last whole interval
        }
        return (int) n;
    }
}
