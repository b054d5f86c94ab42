package org.iobench.measure;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.iobench.result.IntervalLatency;

/**
 * One worker's latency per interval of the measured phase and per direction (read, write, trim), by completion time
 * as {@link IntervalSeries} counts: HdrHistogram's {@code Recorder} habit without its locks, since one thread
 * records. Each direction records into one histogram of fixed range (1 ns to an hour, 2 significant digits, values
 * above an hour counted as an hour), made at the direction's first request (37 KB each: a random-read job's workers
 * make one, not three), so recording allocates nothing after that; when a completion falls into a later interval,
 * the finished interval's histogram is encoded (HdrHistogram's own encoding, into a buffer made at the first
 * interval's end) and kept as a few hundred bytes, and the histogram is reset. {@link #merge} adds the workers'
 * intervals up after the run.
 *
 * <pre>{@code
 * IntervalLatencies l = new IntervalLatencies(1_000_000_000L);
 * l.record(sinceStartNanos, IntervalLatencies.READ, latencyNanos);   // the worker's thread, per request
 * l.finish();                                                        // after the thread ended
 * List<IntervalLatency> perInterval = IntervalLatencies.merge(List.of(l, other), intervals);
 * }</pre>
 */
public final class IntervalLatencies {
    public static final int READ = 0;
    public static final int WRITE = 1;
    public static final int TRIM = 2;
    private static final int DIRECTIONS = 3;
    /** The range of an interval histogram: an hour in ns. */
    static final long HIGHEST_NANOS = 3_600_000_000_000L;
    private static final int DIGITS = 2;

    private final long intervalNanos;
    private final Histogram[] current = new Histogram[DIRECTIONS];
    private final int[] currentIndex = new int[DIRECTIONS];
    /** Made at the first interval's end: a worker whose run ends within one interval never needs it before. */
    private ByteBuffer buffer;
    /** Per direction, per interval index: the encoded histogram, or null for an interval with none. */
    private final byte[][][] done = new byte[DIRECTIONS][][];

    public IntervalLatencies(long intervalNanos) {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("intervalNanos must be positive: " + intervalNanos);
        }
        this.intervalNanos = intervalNanos;
        for (int d = 0; d < DIRECTIONS; d++) {
            currentIndex[d] = -1;
            done[d] = new byte[16][];
        }
    }

    /**
     * The most heap one instance takes, in bytes: a histogram for each direction and the encoding buffer
     * (HdrHistogram's estimate); a job of one direction takes a third of the histograms' part.
     */
    public static long footprintBytes() {
        Histogram h = new Histogram(1, HIGHEST_NANOS, DIGITS);
        return DIRECTIONS * h.getEstimatedFootprintInBytes() + h.getNeededByteBufferCapacity();
    }

    /**
     * A request of {@code direction} that completed {@code sinceStartNanos} after the measured phase began (ignored
     * if negative) after {@code latencyNanos}.
     */
    public void record(long sinceStartNanos, int direction, long latencyNanos) {
        if (sinceStartNanos < 0) {
            return;
        }
        int i = (int) (sinceStartNanos / intervalNanos);
        if (i != currentIndex[direction]) {
            close(direction);
            currentIndex[direction] = i;
        }
        Histogram h = current[direction];
        if (h == null) {
            h = current[direction] = new Histogram(1, HIGHEST_NANOS, DIGITS);
        }
        h.recordValue(Math.min(HIGHEST_NANOS, Math.max(1, latencyNanos)));
    }

    /**
     * An instance holding this one's intervals so far, the open ones included (a worker's figures so far, copied on
     * its own thread); {@link #finish} on the copy leaves this one recording.
     */
    public IntervalLatencies copy() {
        IntervalLatencies c = new IntervalLatencies(intervalNanos);
        for (int d = 0; d < DIRECTIONS; d++) {
            c.current[d] = current[d] == null ? null : current[d].copy();
            c.currentIndex[d] = currentIndex[d];
            c.done[d] = Arrays.copyOf(done[d], done[d].length); // each encoded interval is never written again
        }
        return c;
    }

    /** Keeps the intervals still open; call once the worker's thread ended. */
    public void finish() {
        for (int d = 0; d < DIRECTIONS; d++) {
            if (currentIndex[d] >= 0) { // once finished, a second call writes nothing (a copy may be reading)
                close(d);
                currentIndex[d] = -1;
            }
        }
    }

    /** Encodes direction {@code d}'s open interval, if it has anything, and resets its histogram. */
    private void close(int d) {
        int i = currentIndex[d];
        Histogram h = current[d];
        if (i < 0 || h == null || h.getTotalCount() == 0) {
            return;
        }
        if (buffer == null) {
            buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        }
        buffer.clear();
        int length = h.encodeIntoByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        if (i >= done[d].length) {
            done[d] = Arrays.copyOf(done[d], Math.max(i + 1, done[d].length * 2));
        }
        done[d][i] = bytes;
        h.reset();
    }

    /**
     * The workers' intervals added up: for each of {@code intervals} intervals, p50, p99 and max per direction
     * (null for a direction no worker completed anything of in it; an entry with no direction at all is null). The
     * last holds every later index too: a short tail folded into it ({@link IntervalSeries#intervals}).
     */
    public static List<IntervalLatency> merge(List<IntervalLatencies> workers, int intervals) {
        List<IntervalLatency> out = new ArrayList<>(intervals);
        Histogram sum = new Histogram(1, HIGHEST_NANOS, DIGITS);
        for (int i = 0; i < intervals; i++) {
            IntervalLatency.Point[] points = new IntervalLatency.Point[DIRECTIONS];
            for (int d = 0; d < DIRECTIONS; d++) {
                sum.reset();
                for (IntervalLatencies w : workers) {
                    int to = i == intervals - 1 ? w.done[d].length : Math.min(i + 1, w.done[d].length);
                    for (int j = i; j < to; j++) {
                        if (w.done[d][j] != null) {
                            sum.add(decode(w.done[d][j]));
                        }
                    }
                }
                if (sum.getTotalCount() > 0) {
                    points[d] = new IntervalLatency.Point(sum.getTotalCount(), sum.getValueAtPercentile(50),
                            sum.getValueAtPercentile(99), sum.getMaxValue());
                }
            }
            IntervalLatency l = new IntervalLatency(points[READ], points[WRITE], points[TRIM]);
            out.add(l.isEmpty() ? null : l);
        }
        return out;
    }

    private static Histogram decode(byte[] bytes) {
        try {
            return Histogram.decodeFromByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (RuntimeException e) {
            throw new IllegalStateException("an interval histogram did not decode", e);
        }
    }
}
