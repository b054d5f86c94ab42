package org.iobench.history;

import java.util.ArrayList;
import java.util.List;
import org.iobench.compare.Summary;
import org.iobench.store.WorkloadKey;

/**
 * The history of one workload (one test identity, as {@code compare} groups runs): its points in order and the
 * change points found in them.
 *
 * @param workload     the test identity
 * @param points       in order (time or label value)
 * @param changePoints in index order; {@link ChangePoint#index()} is a position in {@code points}
 */
public record WorkloadHistory(WorkloadKey workload, List<HistoryPoint> points, List<ChangePoint> changePoints) {
    public WorkloadHistory {
        points = List.copyOf(points);
        changePoints = List.copyOf(changePoints);
    }

    /**
     * A stretch between change points.
     *
     * @param from   first point (index)
     * @param to     one past the last point
     * @param summary of every sample of the stretch
     * @param change the change point the stretch starts with; null for the first stretch
     */
    public record Segment(int from, int to, Summary summary, ChangePoint change) {}

    /** The stretches between change points: one more than there are change points. */
    public List<Segment> segments() {
        List<Segment> out = new ArrayList<>();
        int from = 0;
        ChangePoint change = null;
        for (int i = 0; i <= changePoints.size(); i++) {
            int to = i < changePoints.size() ? changePoints.get(i).index() : points.size();
            out.add(new Segment(from, to, Summary.of(values(from, to)), change));
            if (i < changePoints.size()) {
                change = changePoints.get(i);
                from = to;
            }
        }
        return out;
    }

    /** The change point that starts at point {@code index}, or null. */
    public ChangePoint changeAt(int index) {
        for (ChangePoint c : changePoints) {
            if (c.index() == index) {
                return c;
            }
        }
        return null;
    }

    private double[] values(int from, int to) {
        int n = 0;
        for (int p = from; p < to; p++) {
            n += points.get(p).samples();
        }
        double[] out = new double[n];
        int k = 0;
        for (int p = from; p < to; p++) {
            for (double v : points.get(p).values()) {
                out[k++] = v;
            }
        }
        return out;
    }
}
