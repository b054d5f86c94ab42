package org.iobench.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;

/**
 * The test identity of each sample: samples with equal identities are one row of {@code compare}, one series of
 * {@code history} and one row of {@code check}. Every grouping of samples goes through here. A suite's or job
 * file's test is its own identity (the members of a parallel group share it: one row, never merged with
 * another test); a run on its own is identified by its workload.
 */
public final class RowIdentities {
    private RowIdentities() {}

    /**
     * The test identities of {@code all} (every sample a command shows: both sides of an A/B table, every column,
     * the whole history), so that one rule decides what one row is, in {@code compare}, {@code check} and
     * {@code history} alike:
     * <ul>
     *   <li>the members of one execution of a parallel group are one test: they share the key of their first member,
     *       with the kinds of all their targets ({@code ext4+nfs4} for mix3);</li>
     *   <li>the origin (job file, suite) and the target's kind (block device, filesystem type) are part of the key,
     *       so a local ext4 write and an NFS write, or group g0 of two job files, are two rows;</li>
     *   <li>an unknown origin or kind (fio's JSON names no job file nor filesystem; runs saved before they were kept)
     *       joins the one known value of its row, and stays apart when there are several: a fio import and an
     *       iobench run of the same job file share a row, and nothing is merged on a guess.</li>
     * </ul>
     */
    public static Function<Sample, WorkloadKey> of(Collection<Sample> all) {
        record Member(int member, WorkloadKey key) {}
        Map<Long, Member> first = new HashMap<>();
        Map<Long, TreeMap<Integer, String>> kinds = new HashMap<>();
        for (Sample s : all) {
            if (s.test() != null && s.test().members() > 1) {
                first.merge(s.testRun(), new Member(s.test().member(), s.workload()),
                        (a, b) -> a.member() <= b.member() ? a : b);
                kinds.computeIfAbsent(s.testRun(), k -> new TreeMap<>()).put(s.test().member(), s.workload().target());
            }
        }
        Function<Sample, WorkloadKey> shaped = s -> {
            Member m = first.get(s.testRun());
            if (m == null || s.test() == null || s.test().members() <= 1) {
                return s.workload();
            }
            List<String> known = kinds.get(s.testRun()).values().stream().filter(t -> !t.isEmpty()).distinct()
                    .toList();
            return m.key().at(m.key().origin(), String.join("+", known));
        };
        Map<WorkloadKey, Set<String>> origins = new HashMap<>();
        Map<WorkloadKey, Set<String>> targets = new HashMap<>();
        Set<WorkloadKey> bareKeys = new HashSet<>();
        for (Sample s : all) {
            WorkloadKey k = shaped.apply(s);
            WorkloadKey bare = k.at("", "");
            bareKeys.add(bare);
            if (!k.origin().isEmpty()) {
                origins.computeIfAbsent(bare, x -> new TreeSet<>()).add(k.origin());
            }
            if (!k.target().isEmpty()) {
                targets.computeIfAbsent(bare, x -> new TreeSet<>()).add(k.target());
            }
        }
        return s -> {
            WorkloadKey k = shaped.apply(s);
            WorkloadKey bare = k.at("", "");
            if (k.hasTest() && k.origin().isEmpty() && !origins.containsKey(bare)
                    && bareKeys.contains(bare.withTest(""))) {
                // a test of unknown origin (fio's JSON: [randread-4k]) that no run of a known file has, beside runs of
                // its shape on their own: the fio command line and iobench run --rw, one workload
                k = k.withTest("");
                bare = bare.withTest("");
            }
            String origin = k.origin().isEmpty() ? only(origins.get(bare)) : k.origin();
            String target = k.target().isEmpty() ? only(targets.get(bare)) : k.target();
            return k.at(origin, target);
        };
    }

    /**
     * As {@link #of(Collection)}, or with {@code rowsLabel} the rows the user named: each sample's row is its
     * value of that label (a test of that name, origin {@code --rows LABEL}), whatever its workload; the shape the
     * title shows is the first run's of each row, and a row that pools several workloads says so in
     * {@link #pooledWorkloads}.
     */
    public static Function<Sample, WorkloadKey> of(Collection<Sample> all, String rowsLabel) {
        Function<Sample, WorkloadKey> automatic = of(all);
        if (rowsLabel == null) {
            return automatic;
        }
        Map<String, WorkloadKey> first = new LinkedHashMap<>();
        for (Sample s : all) {
            String v = s.labels().get(rowsLabel);
            if (v == null) {
                throw new IllegalArgumentException("--rows " + rowsLabel + ": run " + s.runId() + " has no such label");
            }
            first.putIfAbsent(v, automatic.apply(s).withTest(v).at("--rows " + rowsLabel, ""));
        }
        return s -> first.get(s.labels().get(rowsLabel));
    }

    /** With {@code --rows LABEL}: the rows that pool runs of different workloads, each with the workloads. */
    public static List<String> pooledWorkloads(Collection<Sample> all, String rowsLabel) {
        if (rowsLabel == null) {
            return List.of();
        }
        Function<Sample, WorkloadKey> automatic = of(all);
        Map<String, Set<String>> shapes = new TreeMap<>(NaturalOrder.INSTANCE);
        for (Sample s : all) {
            shapes.computeIfAbsent(s.labels().get(rowsLabel), k -> new TreeSet<>()).add(automatic.apply(s).label());
        }
        List<String> out = new ArrayList<>();
        shapes.forEach((row, w) -> {
            if (w.size() > 1) {
                out.add("row " + row + " (--rows " + rowsLabel + ") pools " + w.size() + " workloads: "
                        + String.join("; ", w));
            }
        });
        return out;
    }

    private static String only(Set<String> values) {
        return values != null && values.size() == 1 ? values.iterator().next() : "";
    }
}
