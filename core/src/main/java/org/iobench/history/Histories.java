package org.iobench.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.iobench.compare.CellValues;
import org.iobench.compare.Metric;
import org.iobench.compare.NaturalOrder;
import org.iobench.compare.RowIdentities;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;

/**
 * Turns stored samples into one {@link WorkloadHistory} per workload, grouped by {@link RowIdentities}
 * exactly as {@code compare} groups its rows, with the change points of {@link EDivisive}.
 *
 * <p>A workload missing from some runs simply has fewer points; runs of every workload are its own. The
 * permutations of each workload are seeded from the options' seed and the workload's label, so the result for one
 * workload does not depend on which other workloads were selected. Workloads are analysed in parallel.
 */
public final class Histories {
    private Histories() {}

    /**
     * The histories of all workloads in {@code samples}, sorted as {@code compare} sorts rows.
     *
     * @param samples  complete repetitions, as {@code ResultStore.samples} returns them
     * @param runTimes creation time of each run id in {@code samples}
     */
    public static HistorySet build(List<Sample> samples, Map<Long, Instant> runTimes, HistoryOrder order,
                                   Metric metric, ChangePointOptions options) {
        Map<WorkloadKey, Map<Long, List<Sample>>> byWorkload = new TreeMap<>();
        Set<Long> unlabelled = new HashSet<>();
        Function<Sample, WorkloadKey> rows = RowIdentities.of(samples);
        for (Sample s : samples) {
            if (!order.byTime() && !s.labels().containsKey(order.label())) {
                unlabelled.add(s.runId());
                continue;
            }
            // the members of one execution of a parallel group are one run of their test
            byWorkload.computeIfAbsent(rows.apply(s), k -> new LinkedHashMap<>())
                    .computeIfAbsent(s.testRun(), k -> new ArrayList<>()).add(s);
        }
        List<Map.Entry<WorkloadKey, Map<Long, List<Sample>>>> entries = new ArrayList<>(byWorkload.entrySet());
        List<WorkloadHistory> histories = IntStream.range(0, entries.size()).parallel()
                .mapToObj(i -> history(entries.get(i).getKey(), entries.get(i).getValue(), runTimes, order, metric,
                        options))
                .toList();
        return new HistorySet(histories, order, metric, options, unlabelled.size());
    }

    private static WorkloadHistory history(WorkloadKey key, Map<Long, List<Sample>> runs, Map<Long, Instant> times,
                                           HistoryOrder order, Metric metric, ChangePointOptions options) {
        Comparator<Long> byTime = Comparator.comparing((Long id) -> Objects.requireNonNull(times.get(id),
                () -> "no time for run " + id)).thenComparing(id -> id);
        List<Long> ids = new ArrayList<>(runs.keySet());
        ids.sort(byTime);
        Map<String, List<Long>> groups = new LinkedHashMap<>();
        if (order.byTime()) {
            ids.forEach(id -> groups.put("#" + id, List.of(id)));
        } else {
            Map<String, List<Long>> sorted = new TreeMap<>(NaturalOrder.INSTANCE);
            for (Long id : ids) {
                String value = runs.get(id).getFirst().labels().get(order.label());
                sorted.computeIfAbsent(value, v -> new ArrayList<>()).add(id);
            }
            groups.putAll(sorted);
        }
        List<HistoryPoint> points = new ArrayList<>();
        List<double[][]> series = new ArrayList<>();
        groups.forEach((name, runIds) -> {
            double[][] values = new double[runIds.size()][];
            for (int r = 0; r < runIds.size(); r++) {
                values[r] = CellValues.of(runs.get(runIds.get(r)), metric, true).values();
            }
            points.add(new HistoryPoint(name, runIds, times.get(runIds.getFirst()), times.get(runIds.getLast()),
                    values));
            series.add(values);
        });
        List<ChangePoint> changes = EDivisive.detect(series, options.withSeed(seedFor(options.seed(), key)));
        return new WorkloadHistory(key, points, changes);
    }

    /** A per-workload seed: the options' seed mixed with the workload's label (String.hashCode is specified). */
    static long seedFor(long seed, WorkloadKey key) {
        long h = seed * 0x9E3779B97F4A7C15L + key.label().hashCode();
        h ^= h >>> 31;
        return h * 0xBF58476D1CE4E5B9L;
    }
}
