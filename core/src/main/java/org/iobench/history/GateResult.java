package org.iobench.history;

import java.util.List;
import org.iobench.compare.Metric;
import org.iobench.store.WorkloadKey;

/**
 * What {@code iobench check} found.
 *
 * @param gate            the threshold and significance level
 * @param metric          the unit compared
 * @param rows            the workloads both sides have, in {@code compare}'s row order
 * @param onlyInCandidate workloads without a baseline (not judged)
 * @param onlyInBaseline  workloads the checked runs lack (not judged)
 */
public record GateResult(RegressionGate gate, Metric metric, List<GateRow> rows, List<WorkloadKey> onlyInCandidate,
                         List<WorkloadKey> onlyInBaseline) {
    public GateResult {
        rows = List.copyOf(rows);
        onlyInCandidate = List.copyOf(onlyInCandidate);
        onlyInBaseline = List.copyOf(onlyInBaseline);
    }

    public List<GateRow> regressions() {
        return rows.stream().filter(r -> r.verdict() == GateRow.Verdict.REGRESSED).toList();
    }

    /** Rows whose runs carry a warning {@code --fail-on} names. */
    public List<GateRow> failedOnFindings() {
        return rows.stream().filter(r -> r.verdict() == GateRow.Verdict.FAILED_ON_FINDING).toList();
    }

    /** Rows whose repetitions cannot detect a loss of {@code --max-regression}. */
    public List<GateRow> inconclusive() {
        return rows.stream().filter(r -> r.verdict() == GateRow.Verdict.INCONCLUSIVE).toList();
    }

    public long notJudged() {
        return rows.stream().filter(r -> r.verdict() == GateRow.Verdict.NOT_JUDGED).count();
    }

    /** No row regressed nor carries a warning {@code --fail-on} names (an inconclusive row does not fail). */
    public boolean passed() {
        return regressions().isEmpty() && failedOnFindings().isEmpty();
    }
}
