package org.iobench.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.iobench.result.Interval;

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

    /** The intervals of a measured phase that lasted {@code elapsedNanos}; the last may be partial. */
    public List<Interval> intervals(long elapsedNanos) {
        int n = (int) Math.max(used, (elapsedNanos + intervalNanos - 1) / intervalNanos);
        List<Interval> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = i * intervalNanos;
            long duration = Math.max(0, Math.min(intervalNanos, elapsedNanos - start));
            if (duration == 0 && i > 0) {
                duration = intervalNanos;
            }
            boolean has = i < used;
            out.add(new Interval(i, duration, has ? bytesRead[i] : 0, has ? bytesWritten[i] : 0,
                    has ? reads[i] : 0, has ? writes[i] : 0));
        }
        return out;
    }
}
