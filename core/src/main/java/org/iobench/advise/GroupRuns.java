package org.iobench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.iobench.result.BenchmarkResult;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;

/** Judging a parallel group run by run: run N of every job started together and shared the device. */
final class GroupRuns {
    private GroupRuns() {}

    /**
     * Judges run N of every job together, for each N that every job completed; the finding names the group and the
     * runs that showed it and quotes the first one's evidence.
     */
    static Optional<Finding> perRun(String id, String group, List<BenchmarkResult> jobs,
                                    Function<List<RunResult>, Optional<Hit>> test) {
        int runs = jobs.stream().mapToInt(b -> b.runs().size()).min().orElse(0);
        Hit first = null;
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            int index = i;
            List<RunResult> together = jobs.stream().map(b -> b.runs().get(index)).toList();
            if (!together.stream().allMatch(RunResult::complete)
                    || together.stream().allMatch(r -> r.totals().ops() == 0)) {
                continue;
            }
            Optional<Hit> hit = test.apply(together);
            if (hit.isPresent()) {
                first = first == null ? hit.get() : first;
                shown.add(together.getFirst().run());
            }
        }
        if (first == null) {
            return Optional.empty();
        }
        String evidence = runs > 1 ? "run " + shown.getFirst() + ": " + first.evidence() : first.evidence();
        return Optional.of(new Finding(id, first.message(), evidence, first.fix(), null, group, shown,
                first.confidence(), first.severity()));
    }
}
