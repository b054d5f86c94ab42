package org.iobench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects warnings that name workloads, merging those that differ only in the workload so that a
 * nine-row table with three runs per side gives one line, not nine:
 * {@code base has 3 runs for '4K', '8K'; 4 or more are needed for a meaningful p-value}.
 */
final class Warnings {
    private final Map<List<String>, List<String>> workloadsByMessage = new LinkedHashMap<>();

    /** Adds the warning {@code before + 'workload' + after}. */
    void add(String before, String workload, String after) {
        workloadsByMessage.computeIfAbsent(List.of(before, after), k -> new ArrayList<>()).add(workload);
    }

    /** The merged warnings; a warning that names all {@code workloadCount} (two or more) says "every workload". */
    List<String> toList(int workloadCount) {
        List<String> out = new ArrayList<>();
        workloadsByMessage.forEach((parts, workloads) -> {
            String names = workloads.size() == workloadCount && workloadCount > 1
                    ? "every workload"
                    : String.join(", ", workloads.stream().map(w -> "'" + w + "'").toList());
            out.add(parts.get(0) + names + parts.get(1));
        });
        return List.copyOf(out);
    }
}
