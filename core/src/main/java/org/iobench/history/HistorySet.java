package org.iobench.history;

import java.util.List;
import org.iobench.compare.Metric;

/**
 * The histories of the selected workloads and how they were made.
 *
 * @param workloads       one per workload with at least one point, in {@code compare}'s row order
 * @param order           time, or a label's values
 * @param metric          the unit of every value
 * @param options         the change-point parameters
 * @param unlabelledRuns  with a label order: selected runs left out because they lack the label
 */
public record HistorySet(List<WorkloadHistory> workloads, HistoryOrder order, Metric metric,
                         ChangePointOptions options, int unlabelledRuns) {
    public HistorySet {
        workloads = List.copyOf(workloads);
    }

    public int changePoints() {
        return workloads.stream().mapToInt(w -> w.changePoints().size()).sum();
    }
}
