package org.iobench.compare;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;

/**
 * The advisor's warnings that travel with a row's figure: a row of {@code compare}, {@code check} or the report whose
 * runs carry a warning finding ({@code page-cache}: the page cache was measured, not the disk) is marked with the
 * finding's id ({@code !page-cache}) and a footnote names the runs, so a +71 % between two cached runs is never
 * read as a disk's gain.
 */
public final class TrustMarks {
    private final Map<WorkloadKey, Map<String, Set<Long>>> byRow;

    private TrustMarks(Map<WorkloadKey, Map<String, Set<Long>>> byRow) {
        this.byRow = byRow;
    }

    /** The warnings of {@code samples}, by the row {@code rows} puts each in. */
    public static TrustMarks of(Collection<Sample> samples, Function<Sample, WorkloadKey> rows) {
        Map<WorkloadKey, Map<String, Set<Long>>> m = new HashMap<>();
        for (Sample s : samples) {
            for (String f : s.findings()) {
                m.computeIfAbsent(rows.apply(s), k -> new TreeMap<>()).computeIfAbsent(f, k -> new TreeSet<>())
                        .add(s.runId());
            }
        }
        return new TrustMarks(m);
    }

    /** The warnings of row {@code k}: finding id to the runs that carry it, in id order. */
    public Map<String, Set<Long>> of(WorkloadKey k) {
        return byRow.getOrDefault(k, Map.of());
    }

    /** {@code " !page-cache"} for a row with that warning, {@code ""} for a row without. */
    public String mark(WorkloadKey k) {
        return of(k).keySet().stream().map(f -> " !" + f).collect(Collectors.joining());
    }

    /** One footnote per finding marked on any of {@code keys}, naming the rows' runs that carry it. */
    public List<String> footnotes(List<WorkloadKey> keys) {
        Map<String, Set<Long>> runs = new TreeMap<>();
        for (WorkloadKey k : keys) {
            of(k).forEach((f, ids) -> runs.computeIfAbsent(f, x -> new TreeSet<>()).addAll(ids));
        }
        List<String> notes = new ArrayList<>();
        runs.forEach((f, ids) -> notes.add("!" + f + ": the advisor's warning " + f + " on "
                + (ids.size() == 1 ? "run " : "runs ") + ids.stream().map(id -> "#" + id)
                .collect(Collectors.joining(", ")) + " of the marked rows: the figure may not measure what it"
                + " seems to (iobench show ID says why)"));
        return notes;
    }
}
