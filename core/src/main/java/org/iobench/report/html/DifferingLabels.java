package org.iobench.report.html;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.iobench.job.Sizes;
import org.iobench.report.ReportItem;
import org.iobench.search.SearchSeries;

/**
 * Names each benchmark on a chart by what tells it from the others on the page: the labels whose values differ
 * ({@code kernel=6.1}), the job's name, its workload and block size where those differ; never an id alone unless
 * two benchmarks differ in nothing else (repetitions stored apart), where {@code #ID} is added.
 */
final class DifferingLabels {
    private DifferingLabels() {}

    static Map<ReportItem, String> of(List<ReportItem> items) {
        Map<ReportItem, String> names = bases(items);
        Set<String> seen = new HashSet<>();
        Set<String> twice = new HashSet<>();
        names.values().forEach(name -> {
            if (!seen.add(name)) {
                twice.add(name);
            }
        });
        names.replaceAll((i, name) -> twice.contains(name) || name.isEmpty()
                ? (name.isEmpty() ? "" : name + " ") + "#" + i.id() : name);
        return names;
    }

    /**
     * Each benchmark's name before an id tells twins apart: benchmarks with the same name here differ in nothing
     * the page can name (repetitions stored as runs of their own: ten {@code dd}s of one test), and a benchmark
     * alone on the page is named by its workload. Empty for twins when every benchmark on the page is alike.
     */
    static Map<ReportItem, String> bases(List<ReportItem> items) {
        List<Function<ReportItem, String>> parts = new ArrayList<>();
        Set<String> keys = new TreeSet<>();
        items.forEach(i -> keys.addAll(i.labels().keySet()));
        for (String k : keys) {
            parts.add(i -> i.labels().containsKey(k) ? k + "=" + i.labels().get(k) : "");
        }
        // the steps of one saturate search share its series label; two searches' steps are told apart by it
        parts.add(i -> SearchSeries.parse(i.job().grouping().series()).map(SearchSeries::search).orElse(""));
        parts.add(ReportItem::jobName);
        parts.add(ReportItem::workloadWithoutBs);
        parts.add(i -> Sizes.binary(i.blockSize()));
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
        List<List<String>> words = withoutCommonWords(items.stream().map(i -> words(differing, i)).toList());
        Map<ReportItem, String> names = new LinkedHashMap<>();
        for (int k = 0; k < items.size(); k++) {
            ReportItem i = items.get(k);
            String name = String.join(" ", words.get(k));
            if (name.isEmpty()) {
                name = items.size() == 1 ? i.workloadWithoutBs() + " " + Sizes.binary(i.blockSize()) : "";
            }
            names.put(i, name);
        }
        return names;
    }

    /**
     * Names (as words) without the words every one of them has: such a word tells none apart ({@code randread},
     * when every one is randread). Unchanged when there is one name, or when leaving the words out would make two
     * names alike.
     */
    static List<List<String>> withoutCommonWords(List<List<String>> names) {
        if (names.size() < 2) {
            return names;
        }
        Set<String> common = new HashSet<>(names.getFirst());
        names.forEach(common::retainAll);
        List<List<String>> without = names.stream()
                .map(w -> w.stream().filter(x -> !common.contains(x)).toList()).toList();
        long before = names.stream().map(w -> String.join(" ", w)).distinct().count();
        long after = without.stream().map(w -> String.join(" ", w)).distinct().count();
        return after == before ? without : names;
    }

    /**
     * The words of {@code parts}' values, each once: a part repeats no word an earlier one said (the job's name
     * {@code 64KiB T2 Q16} then the workload {@code randread T2 Q16} is {@code 64KiB T2 Q16 randread}; the job
     * {@code randread-4KiB} then the workload {@code randread} is {@code randread-4KiB}).
     */
    private static List<String> words(List<Function<ReportItem, String>> parts, ReportItem i) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (Function<ReportItem, String> p : parts) {
            for (String w : p.apply(i).split(" +")) {
                if (!w.isEmpty() && !said(out, w)) {
                    out.add(w);
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * Whether {@code word} is one of {@code words} or a whole piece of one ({@code randread} of the job name
     * {@code randread-4KiB}; {@code T1} is no piece of {@code T16}).
     */
    private static boolean said(Collection<String> words, String word) {
        Pattern piece = Pattern.compile(
                "(^|[^A-Za-z0-9])" + Pattern.quote(word) + "($|[^A-Za-z0-9])");
        return words.stream().anyMatch(w -> w.equals(word) || piece.matcher(w).find());
    }

    private static String name(List<Function<ReportItem, String>> parts, ReportItem i) {
        return String.join(" ", parts.stream().map(p -> p.apply(i)).filter(s -> !s.isEmpty()).toList());
    }
}
