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
        return abWithRows(base, candidate, baseName, newName, metric, options, true, false);
    }

    /**
     * Like {@link #abWithRows(List, List, String, String, Metric, AbOptions)}, with the final sync's time in each
     * repetition's time ({@code withSync}) or left out of it (the kernel-dd table's second view), in the iot sweep's presentation or
     * benchstat's ({@link AbTableLayout#benchstat()}).
     */
    public static AbResult abWithRows(List<Sample> base, List<Sample> candidate, String baseName, String newName,
                                      Metric metric, AbOptions options, boolean withSync, boolean benchstat) {
        Map<WorkloadKey, CellValues> b = byWorkload(base, metric, withSync);
        Map<WorkloadKey, CellValues> n = byWorkload(candidate, metric, withSync);
        List<WorkloadKey> common = b.keySet().stream().filter(n::containsKey).toList();
        if (common.isEmpty()) {
            throw new NothingToCompare("no workload has runs on both sides (base: " + names(b.keySet())
                    + "; new: " + names(n.keySet()) + ")");
        }
        Set<WorkloadKey.Part> varying = WorkloadKey.varying(common);
        List<AbInput> inputs = new ArrayList<>();
        for (WorkloadKey k : common) {
            inputs.add(new AbInput(rowLabel(k, varying), b.get(k).values(), n.get(k).values()));
        }
        AbComparison c = AbComparison.of(inputs, options);
        Table t = new AbTableLayout(title(common, varying, metric, withSync), header(common, varying), baseName,
                newName, metric.unit(), benchstat).toTable(c);
        List<String> notes = new ArrayList<>(t.footnotes());
        oneSided(b, n, "base").ifPresent(notes::add);
        oneSided(n, b, "new").ifPresent(notes::add);
        leftOut(common.stream().mapToInt(k -> b.get(k).leftOut() + n.get(k).leftOut()).sum(), withSync)
                .ifPresent(notes::add);
        return new AbResult(c, new Table(t.title(), t.columns(), t.rows(), notes));
    }

    /**
     * One column per value of label {@code key} (in {@code order}, else natural order), cells the mean and run count,
     * or with {@code RELATIVE} the cost ratio to the row's fastest cell and its standard error.
     */
    public static Table byLabel(List<Sample> samples, String key, List<String> order, Metric metric,
                                MultiColumnTableLayout.Mode mode) {
        return byLabel(samples, key, order, metric, mode, null, true);
    }

    /**
     * As {@link #byLabel(List, String, List, Metric, MultiColumnTableLayout.Mode)}, with ratios against column
     * {@code reference} (null: each row's fastest) and the final sync's time in ({@code withSync}) or out. Rows of a
     * suite's tests keep the suite's order and show the kernel-dd table's per-job figures ({@code 2x44.5}) and the group's
     * aggregate.
     *
     * @throws NothingToCompare if no run has the label, or {@code reference} is not one of the columns
     */
    public static Table byLabel(List<Sample> samples, String key, List<String> order, Metric metric,
                                MultiColumnTableLayout.Mode mode, String reference, boolean withSync) {
        TreeSet<String> found = new TreeSet<>(NaturalOrder.INSTANCE);
        Map<WorkloadKey, Map<String, List<Sample>>> cells = new LinkedHashMap<>();
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
                    .computeIfAbsent(v, k -> new ArrayList<>()).add(s);
        }
        cells = inRowOrder(cells);
        if (cells.isEmpty()) {
            throw new NothingToCompare("no selected run has the label " + key + (order.isEmpty() ? ""
                    : " with one of the values " + order));
        }
        List<String> labels = order.isEmpty() ? List.copyOf(found) : order;
        if (reference != null && !labels.contains(reference)) {
            throw new NothingToCompare("--relative " + reference + ": no selected run has " + key + "=" + reference
                    + " (the columns are " + String.join(", ", labels) + ")");
        }
        List<WorkloadKey> keys = List.copyOf(cells.keySet());
        Set<WorkloadKey.Part> varying = WorkloadKey.varying(keys);
        List<LabeledSamples> inputs = new ArrayList<>();
        int leftOut = 0;
        for (WorkloadKey k : keys) {
            Map<String, double[]> m = new LinkedHashMap<>();
            Map<String, double[]> members = new LinkedHashMap<>();
            for (String label : labels) {
                List<Sample> v = cells.get(k).get(label);
                if (v != null) {
                    CellValues values = CellValues.of(v, metric, withSync);
                    leftOut += values.leftOut();
                    m.put(label, values.values());
                    if (k.hasTest()) {
                        members.put(label, values.memberMeans());
                    }
                }
            }
            inputs.add(new LabeledSamples(rowLabel(k, varying), m, members));
        }
        MultiColumnComparison c = MultiColumnComparison.of(key, labels, inputs, metric.direction(), reference);
        Table t = new MultiColumnTableLayout(title(keys, varying, metric, withSync), header(keys, varying),
                metric.unit(), mode).toTable(c);
        List<String> notes = new ArrayList<>(t.footnotes());
        if (unlabelled > 0) {
            notes.add("left out: " + unlabelled + (unlabelled == 1 ? " repetition" : " repetitions")
                    + " of selected runs without the label " + key);
        }
        leftOut(leftOut, withSync).ifPresent(notes::add);
        return new Table(t.title(), t.columns(), t.rows(), notes);
    }

    /**
     * The test identity of a sample: samples with equal identities are one row of {@code compare}, one series of
     * {@code history} and one row of {@code check}. Every grouping of samples goes through here. A suite's or job
     * file's test is its own identity (the members of a parallel group share it: one row, never merged with
     * another test); a run on its own is identified by its workload.
     */
    public static WorkloadKey identity(Sample s) {
        return s.workload();
    }

    /**
     * {@code m} (filled in the order samples were taken) in row order: tests in the order they first ran (the suite's
     * order: dd1 .. dd3-dir, net1, mix3), other workloads in key order.
     */
    private static <V> Map<WorkloadKey, V> inRowOrder(Map<WorkloadKey, V> m) {
        return m.keySet().stream().anyMatch(WorkloadKey::hasTest) ? m : new TreeMap<>(m);
    }

    private static Map<WorkloadKey, CellValues> byWorkload(List<Sample> samples, Metric metric, boolean withSync) {
        Map<WorkloadKey, List<Sample>> m = new LinkedHashMap<>();
        samples.forEach(s -> m.computeIfAbsent(identity(s), k -> new ArrayList<>()).add(s));
        Map<WorkloadKey, CellValues> out = new LinkedHashMap<>();
        inRowOrder(m).forEach((k, v) -> out.put(k, CellValues.of(v, metric, withSync)));
        return out;
    }

    private static Optional<String> leftOut(int repetitions, boolean withSync) {
        if (repetitions == 0) {
            return Optional.empty();
        }
        return Optional.of("left out: " + repetitions + (repetitions == 1 ? " repetition" : " repetitions")
                + (withSync ? " of a group that lacks a complete member"
                : " without a kept sync time (saved before iobench kept it), or of a group that lacks a member"));
    }

    /** The first-column label of {@code k} in a table whose rows differ in {@code varying}. */
    public static String rowLabel(WorkloadKey k, Set<WorkloadKey.Part> varying) {
        if (varying.contains(WorkloadKey.Part.TEST) && k.hasTest()) {
            return k.test(); // a test's name says what the row is; the parts it shares with others are in the title
        }
        Set<WorkloadKey.Part> parts = EnumSet.noneOf(WorkloadKey.Part.class);
        parts.addAll(varying);
        parts.remove(WorkloadKey.Part.TEST);
        return parts.isEmpty() ? k.label(Set.of(WorkloadKey.Part.RW, WorkloadKey.Part.BS)) : k.label(parts);
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
        return title(keys, varying, metric, true);
    }

    /** As {@link #title(List, Set, Metric)}; without the sync, the title says so. */
    public static String title(List<WorkloadKey> keys, Set<WorkloadKey.Part> varying, Metric metric,
                               boolean withSync) {
        if (keys.getFirst().isMicro()) {
            return metric.unit() + " per sample";
        }
        Set<WorkloadKey.Part> shared = EnumSet.allOf(WorkloadKey.Part.class);
        shared.removeAll(varying);
        if (varying.isEmpty()) {
            shared.removeAll(Set.of(WorkloadKey.Part.RW, WorkloadKey.Part.BS));
        }
        String parts = keys.getFirst().label(shared, ", ");
        return (parts.isEmpty() ? "" : parts + "; ") + metric.unit() + " per repetition"
                + (withSync ? "" : ", final sync left out");
    }

    private static Optional<String> oneSided(Map<WorkloadKey, ?> side, Map<WorkloadKey, ?> other,
                                                       String name) {
        List<WorkloadKey> only = side.keySet().stream().filter(k -> !other.containsKey(k)).toList();
        return only.isEmpty() ? Optional.empty()
                : Optional.of("only in " + name + ", not compared: " + names(only));
    }

    private static String names(Collection<WorkloadKey> keys) {
        return keys.isEmpty() ? "no runs" : String.join("; ", keys.stream().map(WorkloadKey::label).toList());
    }
}
