package org.iobench.advise;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.RunResult;
import org.iobench.result.SystemSummary;

/** Helpers the rules share: the runs that carry system evidence, and number formatting for messages. */
final class Evidence {
    private Evidence() {}

    /** The system summaries of the complete runs that have one. */
    static List<SystemSummary> summaries(BenchmarkResult r) {
        return r.runs().stream().filter(RunResult::complete).map(RunResult::systemSummary)
                .filter(Objects::nonNull).toList();
    }

    static String mb(double bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
