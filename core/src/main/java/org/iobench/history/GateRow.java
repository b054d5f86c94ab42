package org.iobench.history;

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
 */
public record GateRow(WorkloadKey workload, Summary baseline, Summary candidate, double gainPercent,
                      GateSignificance.Judgement judgement, Verdict verdict) {
    public enum Verdict {
        /** Worse than the threshold, and the difference is significant. */
        REGRESSED,
        /** Within the threshold, better, or not significantly different. */
        OK,
        /** Too few repetitions (or no spread) for any test: reported, never fails the gate. */
        NOT_JUDGED
    }

    /** The change of the mean in percent, {@code (candidate / baseline - 1) · 100}, whatever the direction. */
    public double changePercent() {
        return baseline.mean() == 0 ? Double.NaN : (candidate.mean() / baseline.mean() - 1) * 100;
    }
}
