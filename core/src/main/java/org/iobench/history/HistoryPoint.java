package org.iobench.history;

import java.time.Instant;
import java.util.List;

/**
 * One point of a workload's history: one run (ordered by time) or every run with one label value.
 *
 * @param name   {@code #12} for a run, the label value for a label's point
 * @param runIds the stored runs, oldest first
 * @param first  creation time of the oldest run
 * @param last   creation time of the newest run
 * @param runs   each run's complete repetitions in the history's metric, in {@code runIds} order
 */
public record HistoryPoint(String name, List<Long> runIds, Instant first, Instant last, double[][] runs) {
    public HistoryPoint {
        runIds = List.copyOf(runIds);
    }

    /** Number of repetitions (samples) over all runs. */
    public int samples() {
        int n = 0;
        for (double[] r : runs) {
            n += r.length;
        }
        return n;
    }

    public double mean() {
        double s = 0;
        for (double[] r : runs) {
            for (double v : r) {
                s += v;
            }
        }
        return s / samples();
    }

    public double min() {
        double m = Double.POSITIVE_INFINITY;
        for (double[] r : runs) {
            for (double v : r) {
                m = Math.min(m, v);
            }
        }
        return m;
    }

    public double max() {
        double m = Double.NEGATIVE_INFINITY;
        for (double[] r : runs) {
            for (double v : r) {
                m = Math.max(m, v);
            }
        }
        return m;
    }

    /** All samples, run after run. */
    public double[] values() {
        double[] out = new double[samples()];
        int k = 0;
        for (double[] r : runs) {
            for (double v : r) {
                out[k++] = v;
            }
        }
        return out;
    }
}
