package org.iobench.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.iobench.compare.CellValues;
import org.iobench.compare.CompareTables;
import org.iobench.compare.Direction;
import org.iobench.compare.Metric;
import org.iobench.compare.Summary;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;

/**
 * The CI gate of {@code iobench check}: for every workload (test identity, as {@code compare} groups runs) that
 * both the checked runs and the baseline have, the change of the mean, and a regression when it is worse than
 * {@code maxRegressionPercent} and significant at {@code alpha} ({@link GateSignificance} picks the test by sample size).
 *
 * @param maxRegressionPercent the largest tolerated loss, in percent of the baseline (5 means 5 %), 0 or more
 * @param alpha                significance level, in (0, 1)
 */
public record RegressionGate(double maxRegressionPercent, double alpha) {
    public static final double DEFAULT_MAX_REGRESSION_PERCENT = 5;
    public static final double DEFAULT_ALPHA = 0.05;

    public RegressionGate {
        if (!(maxRegressionPercent >= 0 && maxRegressionPercent < 100)) {
            throw new IllegalArgumentException("--max-regression: must be 0% to 100% (exclusive): "
                    + maxRegressionPercent + "%");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("--alpha: must be between 0 and 1 (exclusive): " + alpha);
        }
    }

    /** Judges {@code candidate} against {@code baseline}; a run may be on both sides (it then cannot regress). */
    public GateResult check(List<Sample> candidate, List<Sample> baseline, Metric metric) {
        List<Sample> both = new ArrayList<>(candidate);
        both.addAll(baseline);
        java.util.function.Function<Sample, WorkloadKey> identities = CompareTables.identities(both);
        Map<WorkloadKey, double[]> c = byWorkload(candidate, identities, metric);
        Map<WorkloadKey, double[]> b = byWorkload(baseline, identities, metric);
        Direction direction = metric.direction();
        List<GateRow> rows = new ArrayList<>();
        for (Map.Entry<WorkloadKey, double[]> e : c.entrySet()) {
            double[] base = b.get(e.getKey());
            if (base == null) {
                continue;
            }
            double[] cand = e.getValue();
            Summary bs = Summary.of(base);
            Summary cs = Summary.of(cand);
            double gain = direction.gainPercent(bs.mean(), cs.mean());
            GateSignificance.Judgement j = GateSignificance.judge(base, cand, alpha);
            GateRow.Verdict verdict = j.test() == GateSignificance.NONE ? GateRow.Verdict.NOT_JUDGED
                    : j.pValue() < alpha && gain < -maxRegressionPercent ? GateRow.Verdict.REGRESSED
                    : GateRow.Verdict.OK;
            rows.add(new GateRow(e.getKey(), bs, cs, gain, j, verdict));
        }
        List<WorkloadKey> onlyCandidate = c.keySet().stream().filter(k -> !b.containsKey(k)).toList();
        List<WorkloadKey> onlyBaseline = b.keySet().stream().filter(k -> !c.containsKey(k)).toList();
        return new GateResult(this, metric, rows, onlyCandidate, onlyBaseline);
    }

    /** Per test identity, one value per repetition (a parallel group's aggregate), as {@code compare} has them. */
    private static Map<WorkloadKey, double[]> byWorkload(List<Sample> samples,
                                                         java.util.function.Function<Sample, WorkloadKey> identities,
                                                         Metric metric) {
        Map<WorkloadKey, List<Sample>> m = new TreeMap<>();
        samples.forEach(s -> m.computeIfAbsent(identities.apply(s), k -> new ArrayList<>()).add(s));
        Map<WorkloadKey, double[]> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, CellValues.of(v, metric, true).values()));
        return out;
    }
}
