package org.iobench.history;

import java.util.EnumSet;
import java.util.List;
import org.iobench.compare.CompareTables;
import org.iobench.compare.Metric;
import org.iobench.store.WorkloadKey;

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

    /**
     * Each workload's name, in {@link #workloads} order, as every view of the history prints it: its shape
     * ({@link WorkloadKey#label()}), with the origin ({@code job file a.fio}) and the target's kind ({@code on nfs4})
     * where two series would otherwise read the same, as {@code compare}'s rows are named.
     */
    public List<String> labels() {
        return CompareTables.distinctLabels(workloads.stream().map(WorkloadHistory::workload).toList(),
                k -> EnumSet.complementOf(EnumSet.of(WorkloadKey.Part.ORIGIN, WorkloadKey.Part.TARGET)));
    }
}
