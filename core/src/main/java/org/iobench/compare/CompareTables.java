package org.iobench.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
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
    /**
     * @param keys each row's test identity, in the rows' order (the runs of row {@code i} are the samples whose
     *             {@link RowIdentities#of} of both sides is {@code keys.get(i)})
     */
    public record AbResult(AbComparison comparison, Table table, List<WorkloadKey> keys) {
        public AbResult {
            keys = List.copyOf(keys);
        }
    }

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
        return abWithRows(base, candidate, baseName, newName, metric, options, withSync, benchstat, null);
    }

    /**
     * As {@link #abWithRows(List, List, String, String, Metric, AbOptions, boolean, boolean)}, the rows named by the
     * user ({@code compare --rows LABEL}): every sample must have label {@code rowsLabel}, null for the rows of
     * {@link RowIdentities#of}.
     */
    public static AbResult abWithRows(List<Sample> base, List<Sample> candidate, String baseName, String newName,
                                      Metric metric, AbOptions options, boolean withSync, boolean benchstat,
                                      String rowsLabel) {
        List<Sample> both = new ArrayList<>(base);
        both.addAll(candidate);
        Function<Sample, WorkloadKey> rows = RowIdentities.of(both, rowsLabel);
        Map<WorkloadKey, CellValues> b = byWorkload(base, rows, metric, withSync);
        Map<WorkloadKey, CellValues> n = byWorkload(candidate, rows, metric, withSync);
        List<WorkloadKey> common = b.keySet().stream().filter(n::containsKey).toList();
        if (common.isEmpty()) {
            throw new NothingToCompare("no workload has runs on both sides (base: " + names(b.keySet())
                    + "; new: " + names(n.keySet()) + ")");
        }
        Set<WorkloadKey.Part> varying = WorkloadKey.varying(common);
        List<AbInput> inputs = new ArrayList<>();
        List<String> labels = rowLabels(common, varying);
        TrustMarks marks = TrustMarks.of(both, rows);
        for (int i = 0; i < common.size(); i++) {
            WorkloadKey k = common.get(i);
            inputs.add(new AbInput(labels.get(i) + marks.mark(k), b.get(k).values(), n.get(k).values()));
        }
        AbComparison c = AbComparison.of(inputs, options);
        Table t = new AbTableLayout(title(common, varying, metric, withSync), header(common, varying), baseName,
                newName, metric.unit(), benchstat).toTable(c);
        List<String> notes = new ArrayList<>(t.footnotes());
        notes.addAll(marks.footnotes(common));
        notes.addAll(RowIdentities.pooledWorkloads(both, rowsLabel));
        oneSided(b, n, "base").ifPresent(notes::add);
        oneSided(n, b, "new").ifPresent(notes::add);
        leftOut(common.stream().mapToInt(k -> b.get(k).leftOut() + n.get(k).leftOut()).sum(), withSync)
                .ifPresent(notes::add);
        return new AbResult(c, new Table(t.title(), t.columns(), t.rows(), notes), common);
    }

    /**
     * One column per value of label {@code key} (in {@code order}, else natural order), cells the mean and run count,
     * or with {@code RELATIVE} the cost ratio to the row's fastest cell and its standard error; ratios against column
     * {@code reference} (null: each row's fastest) and the final sync's time in ({@code withSync}) or out; rows named
     * by label {@code rowsLabel} (null: by {@link RowIdentities#of}). Rows of a suite's tests keep the suite's order
     * and show the kernel-dd table's per-job figures ({@code 2x44.5}) and the group's aggregate.
     *
     * @throws NothingToCompare if no run has the label, or {@code reference} is not one of the columns
     */
    public static Table byLabel(List<Sample> samples, String key, List<String> order, Metric metric,
                                MultiColumnTableLayout.Mode mode, String reference, boolean withSync,
                                String rowsLabel) {
        TreeSet<String> found = new TreeSet<>(NaturalOrder.INSTANCE);
        Map<WorkloadKey, Map<String, List<Sample>>> cells = new LinkedHashMap<>();
        int unlabelled = 0;
        Function<Sample, WorkloadKey> rows = RowIdentities.of(samples, rowsLabel);
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
            cells.computeIfAbsent(rows.apply(s), k -> new LinkedHashMap<>())
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
        List<String> rowLabels = rowLabels(keys, varying);
        TrustMarks marks = TrustMarks.of(samples.stream().filter(s -> s.labels().containsKey(key)
                && (order.isEmpty() || order.contains(s.labels().get(key)))).toList(), rows);
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
            inputs.add(new LabeledSamples(rowLabels.get(inputs.size()) + marks.mark(k), m, members));
        }
        MultiColumnComparison c = MultiColumnComparison.of(key, labels, inputs, metric.direction(), reference);
        Table t = new MultiColumnTableLayout(title(keys, varying, metric, withSync), header(keys, varying),
                metric.unit(), mode).toTable(c);
        List<String> notes = new ArrayList<>(t.footnotes());
        notes.addAll(marks.footnotes(keys));
        notes.addAll(RowIdentities.pooledWorkloads(samples.stream().filter(s -> s.labels().containsKey(key)).toList(), rowsLabel));
        if (unlabelled > 0) {
            notes.add("left out: " + unlabelled + (unlabelled == 1 ? " repetition" : " repetitions")
                    + " of selected runs without the label " + key);
        }
        leftOut(leftOut, withSync).ifPresent(notes::add);
        return new Table(t.title(), t.columns(), t.rows(), notes);
    }

    /**
     * {@code m} (filled in the order samples were taken) in row order: tests in the order they first ran (the suite's
     * order: dd1 .. dd3-dir, net1, mix3), other workloads in key order.
     */
    private static <V> Map<WorkloadKey, V> inRowOrder(Map<WorkloadKey, V> m) {
        return m.keySet().stream().anyMatch(WorkloadKey::hasTest) ? m : new TreeMap<>(m);
    }

    private static Map<WorkloadKey, CellValues> byWorkload(List<Sample> samples,
                                                           Function<Sample, WorkloadKey> rows,
                                                           Metric metric, boolean withSync) {
        Map<WorkloadKey, List<Sample>> m = new LinkedHashMap<>();
        samples.forEach(s -> m.computeIfAbsent(rows.apply(s), k -> new ArrayList<>()).add(s));
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

    private static Set<WorkloadKey.Part> labelParts(WorkloadKey k, Set<WorkloadKey.Part> varying) {
        if ((varying.contains(WorkloadKey.Part.TEST) || varying.contains(WorkloadKey.Part.ORIGIN)) && k.hasTest()) {
            // a test's name says what the row is; the parts it shares with others are in the title
            return EnumSet.of(WorkloadKey.Part.TEST);
        }
        Set<WorkloadKey.Part> parts = EnumSet.noneOf(WorkloadKey.Part.class);
        parts.addAll(varying);
        parts.removeAll(Set.of(WorkloadKey.Part.TEST, WorkloadKey.Part.ORIGIN, WorkloadKey.Part.TARGET));
        return parts.isEmpty() ? EnumSet.of(WorkloadKey.Part.RW, WorkloadKey.Part.BS) : parts;
    }

    /**
     * The first-column labels of {@code keys}, in order: a test's name where rows are tests, else the parts of its
     * shape that differ in {@code varying}; with the origin ({@code job file a.fio}) and the target's kind
     * ({@code on nfs4}) where rows would share a label without them, else each key's every part, then a number: two
     * rows never share a label (a table would merge them, or refuse).
     */
    public static List<String> rowLabels(List<WorkloadKey> keys, Set<WorkloadKey.Part> varying) {
        return distinctLabels(keys, k -> labelParts(k, varying));
    }

    /**
     * Labels that tell {@code keys} apart, by the rule of {@link #rowLabels}: each key's {@code parts}; where two
     * would read the same, with the origin and the target's kind where those differ among them; then every part;
     * then a number. {@code history} names its series so, with each key's whole shape as its parts.
     */
    public static List<String> distinctLabels(List<WorkloadKey> keys,
                                              Function<WorkloadKey, Set<WorkloadKey.Part>> parts) {
        List<String> labels = new ArrayList<>(keys.stream().map(k -> k.label(parts.apply(k))).toList());
        Map<String, List<Integer>> same = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            same.computeIfAbsent(labels.get(i), x -> new ArrayList<>()).add(i);
        }
        for (List<Integer> group : same.values()) {
            if (group.size() < 2) {
                continue;
            }
            Set<WorkloadKey.Part> differ = WorkloadKey.varying(group.stream().map(keys::get).toList());
            for (int i : group) {
                Set<WorkloadKey.Part> with = EnumSet.noneOf(WorkloadKey.Part.class);
                with.addAll(parts.apply(keys.get(i)));
                for (WorkloadKey.Part p : List.of(WorkloadKey.Part.ORIGIN, WorkloadKey.Part.TARGET)) {
                    if (differ.contains(p)) {
                        with.add(p);
                    }
                }
                labels.set(i, keys.get(i).label(with));
            }
        }
        Map<String, Long> count = new HashMap<>();
        labels.forEach(l -> count.merge(l, 1L, Long::sum));
        for (int i = 0; i < labels.size(); i++) {
            if (count.get(labels.get(i)) > 1) {
                labels.set(i, keys.get(i).fullLabel());
            }
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            int n = seen.merge(labels.get(i), 1, Integer::sum);
            if (n > 1) {
                labels.set(i, labels.get(i) + " #" + n);
            }
        }
        return labels;
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
        shared.removeAll(Set.of(WorkloadKey.Part.ORIGIN, WorkloadKey.Part.TARGET)); // named in rows where they differ
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
