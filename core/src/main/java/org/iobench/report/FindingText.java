package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/**
 * The advisor's findings as text, one line per rule and wording, every line naming the jobs (or groups) and runs it
 * is about:
 * <pre>
 * warning: seq-write run 1: [read-modify-write] writes of 512B cover only part of ... (...; certain); fix: ...
 * warning: lv0..lv9 run 1: [read-modify-write] writes of 512 B ... (lv0: the workers caused ...; certain); fix: ...
 * context: group dd3 run 1: [device-shared] the device served other I/O ... (...; certain); fix: ...
 * note: rand-read-4k: [not-saturated] one request in flight on purpose: ...
 * </pre>
 * Findings of several jobs, runs or suite members that say the same thing (rule, message, fix, confidence and
 * severity) are one line naming all of them, with the first one's evidence (the JSON keeps one entry per subject,
 * each with its own evidence). A line is printed once, however many results carry it.
 */
public final class FindingText {
    private FindingText() {}

    /** The lines for {@code results}, in result order, findings alike in one line, without repeats. */
    public static List<String> lines(List<BenchmarkResult> results) {
        Map<List<Object>, Set<Entry>> alike = new LinkedHashMap<>();
        for (BenchmarkResult b : results) {
            for (Finding f : b.findings()) {
                alike.computeIfAbsent(key(f), k -> new LinkedHashSet<>()).add(new Entry(f, subjectOf(f, b)));
            }
        }
        List<String> out = new ArrayList<>();
        for (Set<Entry> entries : alike.values()) {
            out.add(line(List.copyOf(entries)));
        }
        return out;
    }

    public static void print(List<BenchmarkResult> results, PrintStream out) {
        lines(results).forEach(out::println);
    }

    /** One finding of {@code b}: its severity, subject and text; a note is its reason alone. */
    public static String line(Finding f, BenchmarkResult b) {
        return line(List.of(new Entry(f, subjectOf(f, b))));
    }

    /** What makes findings say the same thing: everything but whom they are about and their figures. */
    private static List<Object> key(Finding f) {
        return Arrays.asList(f.severity(), f.id(), f.message(), f.fix(), f.confidence());
    }

    private record Entry(Finding finding, Subjects.Subject subject) {}

    private static Subjects.Subject subjectOf(Finding f, BenchmarkResult b) {
        String who = f.group() != null ? "group " + f.group() : f.job() != null ? f.job()
                : b.job().name(); // written before findings named their job
        return new Subjects.Subject(who, f.runs());
    }

    private static String line(List<Entry> entries) {
        Finding f = entries.getFirst().finding();
        String subject = Subjects.name(entries.stream().map(Entry::subject).toList());
        String prefix = f.severity().label() + ": " + subject + (subject.isEmpty() ? "" : ": ");
        if (f.severity() == Finding.Severity.NOTE) {
            return prefix + "[" + f.id() + "] " + f.message();
        }
        if (entries.size() == 1 || f.evidence() == null || f.evidence().isBlank()) {
            return prefix + f.line();
        }
        // several subjects: the first one's evidence, named
        Subjects.Subject first = entries.getFirst().subject();
        boolean sameEvidence = entries.stream().allMatch(e -> Objects.equals(e.finding().evidence(), f.evidence()));
        String evidence = sameEvidence ? f.evidence() : first.who() + ": " + f.evidence();
        return prefix + new Finding(f.id(), f.message(), evidence, f.fix(), f.job(), f.group(), f.runs(),
                f.confidence(), f.severity()).line();
    }
}
