package org.iobench.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.iobench.compare.RowIdentities;
import org.iobench.compare.Metric;
import org.iobench.store.ChangePointFinder;
import org.iobench.store.Sample;
import org.iobench.store.StoredChangePoint;
import org.iobench.store.WorkloadKey;

/**
 * The change points the store keeps: those {@code iobench history} prints with its defaults (one point per run by
 * time, MB/s for I/O runs and ns/op for micro-benchmarks, {@link ChangePointOptions#DEFAULTS}), each named by its
 * runs: the first run after the change and the last one before it.
 */
public final class StoredChangePoints implements ChangePointFinder {
    public static final StoredChangePoints DEFAULTS = new StoredChangePoints();

    private StoredChangePoints() {}

    @Override
    public List<StoredChangePoint> find(List<Sample> samples, Map<Long, Instant> runTimes) {
        List<StoredChangePoint> out = new ArrayList<>();
        for (boolean micro : new boolean[] {false, true}) {
            List<Sample> kind = samples.stream().filter(s -> s.workload().isMicro() == micro).toList();
            if (!kind.isEmpty()) {
                out.addAll(find(kind, runTimes, micro ? Metric.NS_OP : Metric.MB_S));
            }
        }
        return out;
    }

    private static List<StoredChangePoint> find(List<Sample> samples, Map<Long, Instant> runTimes, Metric metric) {
        HistorySet set = Histories.build(samples, runTimes, HistoryOrder.TIME, metric, ChangePointOptions.DEFAULTS);
        // a point of a history is one execution of its test (testRun: member 1's id in a group); the change point
        // names the run of this workload in that execution
        Function<Sample, WorkloadKey> rows = RowIdentities.of(samples);
        Map<WorkloadKey, Map<Long, Long>> runOf = new HashMap<>();
        for (Sample s : samples) {
            runOf.computeIfAbsent(rows.apply(s), k -> new HashMap<>()).merge(s.testRun(), s.runId(), Math::min);
        }
        List<String> labels = set.labels();
        List<StoredChangePoint> out = new ArrayList<>();
        for (int w = 0; w < set.workloads().size(); w++) {
            WorkloadHistory h = set.workloads().get(w);
            Map<Long, Long> runs = runOf.get(h.workload());
            for (ChangePoint c : h.changePoints()) {
                long after = runs.get(h.points().get(c.index()).runIds().getFirst());
                long before = runs.get(h.points().get(c.index() - 1).runIds().getLast());
                out.add(new StoredChangePoint(labels.get(w), metric.unit(), after, before, c.pValue(),
                        c.meanBefore(), c.meanAfter(), c.changePercent()));
            }
        }
        return out;
    }
}
