package org.iobench.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;

/**
 * The advisor's findings as text, one line each, every line naming its job (or group) and runs:
 * <pre>
 * warning: seq-write run 1: [read-modify-write] writes of 512B cover only part of ... (...; certain); fix: ...
 * context: group dd3 run 1: [device-shared] the device served other I/O ... (...; certain); fix: ...
 * note: rand-read-4k: [not-saturated] one request in flight on purpose: ...
 * </pre>
 * A line is printed once, however many results carry it.
 */
public final class FindingText {
    private FindingText() {}

    /** The lines for {@code results}, in result order, without repeats. */
    public static List<String> lines(List<BenchmarkResult> results) {
        Set<String> seen = new LinkedHashSet<>();
        for (BenchmarkResult b : results) {
            for (Finding f : b.findings()) {
                seen.add(line(f, b));
            }
        }
        return new ArrayList<>(seen);
    }

    public static void print(List<BenchmarkResult> results, PrintStream out) {
        lines(results).forEach(out::println);
    }

    /** One finding of {@code b}: its severity, subject and text; a note is its reason alone. */
    public static String line(Finding f, BenchmarkResult b) {
        String subject = f.subject();
        if (f.job() == null && f.group() == null) { // written before findings named their job
            subject = b.job().name() + (subject.isEmpty() ? "" : " " + subject);
        }
        String prefix = f.severity().label() + ": " + subject + ": ";
        if (f.severity() == Finding.Severity.NOTE) {
            return prefix + "[" + f.id() + "] " + f.message();
        }
        return prefix + f.line();
    }
}
