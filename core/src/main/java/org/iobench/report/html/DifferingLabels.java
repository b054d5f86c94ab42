package org.iobench.report.html;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.iobench.report.ReportItem;

/**
 * Names each benchmark on a chart by what tells it from the others on the page: the labels whose values differ
 * ({@code kernel=6.1}), the job's name, its workload and block size where those differ; never an id alone unless
 * two benchmarks differ in nothing else (repetitions stored apart), where {@code #ID} is added.
 */
final class DifferingLabels {
    private DifferingLabels() {}

    static Map<ReportItem, String> of(List<ReportItem> items) {
        List<Function<ReportItem, String>> parts = new ArrayList<>();
        Set<String> keys = new TreeSet<>();
        items.forEach(i -> keys.addAll(i.labels().keySet()));
        for (String k : keys) {
            parts.add(i -> i.labels().containsKey(k) ? k + "=" + i.labels().get(k) : "");
        }
        parts.add(i -> i.job().path("name").asText(""));
        parts.add(ReportItem::workloadWithoutBs);
        parts.add(i -> org.iobench.job.Sizes.binary(i.job().path("blockSizeBytes").asLong()));
        // a part that differs, unless every benchmark's name so far says it already (a job named randread-4KiB
        // needs no 4KiB after it)
        List<Function<ReportItem, String>> differing = new ArrayList<>();
        for (Function<ReportItem, String> p : parts) {
            if (items.stream().map(p).distinct().count() < 2) {
                continue;
            }
            boolean said = items.stream().allMatch(i -> name(differing, i).contains(p.apply(i)));
            if (!said) {
                differing.add(p);
            }
        }
        Map<ReportItem, String> names = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        Set<String> twice = new HashSet<>();
        for (ReportItem i : items) {
            String name = name(differing, i);
            if (name.isEmpty()) {
                name = items.size() == 1 ? i.workloadWithoutBs() + " " + org.iobench.job.Sizes.binary(
                        i.job().path("blockSizeBytes").asLong()) : "";
            }
            names.put(i, name);
            if (!seen.add(name)) {
                twice.add(name);
            }
        }
        names.replaceAll((i, name) -> twice.contains(name) || name.isEmpty()
                ? (name.isEmpty() ? "" : name + " ") + "#" + i.id() : name);
        return names;
    }

    private static String name(List<Function<ReportItem, String>> parts, ReportItem i) {
        return String.join(" ", parts.stream().map(p -> p.apply(i)).filter(s -> !s.isEmpty()).toList());
    }
}
