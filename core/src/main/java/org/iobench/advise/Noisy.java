package org.iobench.advise;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.iobench.job.RwMode;
import org.iobench.result.Finding;
import org.iobench.result.RunResult;
import org.iobench.result.Stat;

/**
 * The job's own runs disagree: coefficient of variation of throughput above {@link Rules#NOISY_CV}. The spread is
 * measured, whatever caused it.
 */
final class Noisy implements Rule {

    private static String fix(Fixes say) {
        List<String> ways = Stream.of(say.moreRuns(), say.longerTime(), say.ramp())
                .flatMap(Optional::stream).toList();
        return ways.isEmpty() ? "measure on a quiet machine" : "use " + String.join(", ", ways) + ", and a quiet machine";
    }

    @Override
    public boolean judgesStorage() {
        return false; // the job's own runs: true of any engine
    }

    @Override
    public Optional<Finding> check(Subject s) {
        // the rates as the tables print them: a copy's bytes copied, not its reads and writes together
        RwMode rw = s.job().workload().rw();
        Stat bw = Stat.of(s.result().runs().stream().filter(RunResult::complete)
                .filter(r -> r.totals().elapsedNanos() > 0)
                .mapToDouble(r -> r.totals().bytesCounted(rw) * 1e9 / r.totals().elapsedNanos()).toArray());
        if (bw.n() < 2 || Double.isNaN(bw.cv()) || bw.cv() <= Rules.NOISY_CV) {
            return Optional.empty();
        }
        return Optional.of(new Finding("noisy", "the runs disagree: the spread is too wide to trust small"
                + " differences", "coefficient of variation " + Evidence.pct(bw.cv()) + " over " + bw.n()
                + " runs (min " + Evidence.f1(bw.min() / 1e6) + ", max " + Evidence.f1(bw.max() / 1e6) + " MB/s)",
                fix(Fixes.of(s)), s.job().name(), null, List.of(), Finding.Confidence.CERTAIN,
                Finding.Severity.WARNING));
    }
}
