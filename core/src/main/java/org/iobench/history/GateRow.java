package org.iobench.history;

import java.util.Map;
import java.util.Set;
import org.iobench.compare.Summary;
import org.iobench.store.WorkloadKey;

/**
 * One workload judged by {@code iobench check}.
 *
 * @param workload     the test identity
 * @param baseline     the baseline's repetitions, summarised
 * @param candidate    the checked runs' repetitions, summarised
 * @param gainPercent  change of the mean, positive when the candidate is better (throughput up, ns/op down)
 * @param judgement    the test used and its p-value
 * @param verdict      the outcome
 * @param detectablePercent the smallest loss of the mean, in percent, these repetitions could tell from noise at
 *                     alpha (the half-width of the interval of the change); NaN when not judged
 * @param warnings     the advisor's warnings on the runs of either side: finding id to run ids
 */
public record GateRow(WorkloadKey workload, Summary baseline, Summary candidate, double gainPercent,
                      GateSignificance.Judgement judgement, Verdict verdict, double detectablePercent,
                      Map<String, Set<Long>> warnings) {
    public enum Verdict {
        /** Worse than the threshold, and the difference is significant. */
        REGRESSED,
        /** Its runs carry a warning named by {@code --fail-on}: the figure cannot be trusted, the gate fails. */
        FAILED_ON_FINDING,
        /**
         * Not significantly worse, but these repetitions cannot detect a loss of {@code --max-regression} at alpha
         * (the smallest loss they could tell from noise is larger): neither a pass nor a regression.
         */
        INCONCLUSIVE,
        /** Within the threshold, better, or not significantly different, and a loss beyond it would have shown. */
        OK,
        /** Too few repetitions (or no spread) for any test: reported, never fails the gate. */
        NOT_JUDGED
    }

    public GateRow {
        warnings = Map.copyOf(warnings);
    }

    /** The change of the mean in percent, {@code (candidate / baseline - 1) · 100}, whatever the direction. */
    public double changePercent() {
        return baseline.mean() == 0 ? Double.NaN : (candidate.mean() / baseline.mean() - 1) * 100;
    }
}
