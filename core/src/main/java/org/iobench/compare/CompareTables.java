package org.iobench.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;
import org.iobench.table.Table;

/**
 * Turns stored samples into the comparison tables of {@code iobench compare}: one row per {@link WorkloadKey}, rows
 * labelled by the parts in which the workloads differ (block size alone for a block-size sweep) and the parts they
 * share in the title.
 */
public final class CompareTables {
    private CompareTables() {}

    /** No workload could be compared; the message says what each side had. */
    public static final class NothingToCompare extends RuntimeException {
        NothingToCompare(String message) {
            super(message);
        }
    }

    /**
     * The A/B table: base and new min/avg/max per workload, gain of the mean, p-value, {@code ~} when not
     * significant, a geomean row. Workloads with runs on one side only are named in a footnote.
     */
    public static Table ab(List<Sample> base, List<Sample> candidate, String baseName, String newName, Metric metric,
                           AbOptions options) {
        return abWithRows(base, candidate, baseName, newName, metric, options).table();
    }

    /** An A/B comparison and its table: the rows feed charts, the table is what {@code compare} prints. */
    public record AbResult(AbComparison comparison, Table table) {}

    /** Like {@link #ab}, also returning the comparison itself. */
    public static AbResult abWithRows(List<Sample> base, List<Sample> candidate, String baseName, String newName,
                                      Metric metric, AbOptions options) {
        Map<WorkloadKey, double[]> b = byWorkload(base, metric);
        Map<WorkloadKey, double[]> n = byWorkload(candidate, metric);
        List<WorkloadKey> common = b.keySet().stream().filter(n::containsKey).toList();
        if (common.isEmpty()) {
            throw new NothingToCompare("no workload has runs on both sides (base: " + names(b.keySet())
                    + "; new: " + names(n.keySet()) + ")");
        }
        Set<WorkloadKey.Part> varying = WorkloadKey.varying(common);
        List<AbInput> inputs = new ArrayList<>();
        for (WorkloadKey k : common) {
            inputs.add(new AbInput(rowLabel(k, varying), b.get(k), n.get(k)));
        }
        AbComparison c = AbComparison.of(inputs, options);
        Table t = new AbTableLayout(title(common, varying, metric), header(common, varying), baseName, newName,
                metric.unit())
                .toTable(c);
        List<String> notes = new ArrayList<>(t.footnotes());
        oneSided(b, n, "base").ifPresent(notes::add);
        oneSided(n, b, "new").ifPresent(notes::add);
        return new AbResult(c, new Table(t.title(), t.columns(), t.rows(), notes));
    }

    /**
     * One column per value of label {@code key} (in {@code order}, else natural order), cells the mean and run count,
     * or with {@code RELATIVE} the cost ratio to the row's fastest cell and its standard error.
     */
    public static Table byLabel(List<Sample> samples, String key, List<String> order, Metric metric,
                                MultiColumnTableLayout.Mode mode) {
        TreeSet<String> found = new TreeSet<>(NaturalOrder.INSTANCE);
        Map<WorkloadKey, Map<String, List<Double>>> cells = new TreeMap<>();
        int unlabelled = 0;
        for (Sample s : samples) {
            String v = s.labels().get(key);
            if (v == null) {
                unlabelled++;
                continue;
            }
            if (!order.isEmpty() && !order.contains(v)) {
                continue;
            }
            found.add(v);
            cells.computeIfAbsent(identity(s), k -> new LinkedHashMap<>())
                    .computeIfAbsent(v, k -> new ArrayList<>()).add(metric.of(s));
        }
        if (cells.isEmpty()) {
            throw new NothingToCompare("no selected run has the label " + key + (order.isEmpty() ? ""
                    : " with one of the values " + order));
        }
        List<String> labels = order.isEmpty() ? List.copyOf(found) : order;
        List<WorkloadKey> keys = List.copyOf(cells.keySet());
        Set<WorkloadKey.Part> varying = WorkloadKey.varying(keys);
        List<LabeledSamples> inputs = new ArrayList<>();
        for (WorkloadKey k : keys) {
            Map<String, double[]> m = new LinkedHashMap<>();
            for (String label : labels) {
                List<Double> v = cells.get(k).get(label);
                if (v != null) {
                    m.put(label, v.stream().mapToDouble(Double::doubleValue).toArray());
                }
            }
            inputs.add(new LabeledSamples(rowLabel(k, varying), m));
        }
        MultiColumnComparison c = MultiColumnComparison.of(key, labels, inputs, metric.direction());
        Table t = new MultiColumnTableLayout(title(keys, varying, metric), header(keys, varying), metric.unit(),
                mode).toTable(c);
        if (unlabelled == 0) {
            return t;
        }
        List<String> notes = new ArrayList<>(t.footnotes());
        notes.add("left out: " + unlabelled + (unlabelled == 1 ? " repetition" : " repetitions")
                + " of selected runs without the label " + key);
        return new Table(t.title(), t.columns(), t.rows(), notes);
    }

    /**
     * The test identity of a sample: samples with equal identities are one row of {@code compare}, one series of
     * {@code history} and one row of {@code check}. Every grouping of samples goes through here.
     */
    public static WorkloadKey identity(Sample s) {
        return s.workload();
    }

    private static Map<WorkloadKey, double[]> byWorkload(List<Sample> samples, Metric metric) {
        Map<WorkloadKey, List<Double>> m = new TreeMap<>();
        samples.forEach(s -> m.computeIfAbsent(identity(s), k -> new ArrayList<>()).add(metric.of(s)));
        Map<WorkloadKey, double[]> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    /** The first-column label of {@code k} in a table whose rows differ in {@code varying}. */
    public static String rowLabel(WorkloadKey k, Set<WorkloadKey.Part> varying) {
        return varying.isEmpty() ? k.label(Set.of(WorkloadKey.Part.RW, WorkloadKey.Part.BS)) : k.label(varying);
    }

    /** {@code "bs"} for a block-size sweep, {@code "workload"} for several parts, {@code "suite / variant"} for micro. */
    public static String header(List<WorkloadKey> keys, Set<WorkloadKey.Part> varying) {
        if (keys.getFirst().isMicro()) {
            return "suite" + WorkloadKey.MICRO_SEPARATOR + "variant";
        }
        return WorkloadKey.header(varying.isEmpty() ? Set.of(WorkloadKey.Part.RW, WorkloadKey.Part.BS) : varying);
    }

    /**
     * What the rows share, then the unit: {@code randwrite 64 threads qd1 direct sync none, KB/s}; micro-benchmark
     * rows share nothing but the unit, and their repetitions are samples: {@code ns/op per sample}.
     */
    public static String title(List<WorkloadKey> keys, Set<WorkloadKey.Part> varying, Metric metric) {
        if (keys.getFirst().isMicro()) {
            return metric.unit() + " per sample";
        }
        Set<WorkloadKey.Part> shared = EnumSet.allOf(WorkloadKey.Part.class);
        shared.removeAll(varying);
        if (varying.isEmpty()) {
            shared.removeAll(Set.of(WorkloadKey.Part.RW, WorkloadKey.Part.BS));
        }
        String parts = keys.getFirst().label(shared, ", ");
        return (parts.isEmpty() ? "" : parts + "; ") + metric.unit() + " per repetition";
    }

    private static Optional<String> oneSided(Map<WorkloadKey, double[]> side, Map<WorkloadKey, double[]> other,
                                                       String name) {
        List<WorkloadKey> only = side.keySet().stream().filter(k -> !other.containsKey(k)).toList();
        return only.isEmpty() ? Optional.empty()
                : Optional.of("only in " + name + ", not compared: " + names(only));
    }

    private static String names(Collection<WorkloadKey> keys) {
        return keys.isEmpty() ? "no runs" : String.join("; ", keys.stream().map(WorkloadKey::label).toList());
    }
}
