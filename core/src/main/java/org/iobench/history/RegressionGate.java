package org.iobench.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;
import org.iobench.compare.CellValues;
import org.iobench.compare.RowIdentities;
import org.iobench.compare.Direction;
import org.iobench.compare.Metric;
import org.iobench.compare.Summary;
import org.iobench.compare.TrustMarks;
import org.iobench.store.Sample;
import org.iobench.store.WorkloadKey;

/**
 * The CI gate of {@code iobench check}: for every workload (test identity, as {@code compare} groups runs) that
 * both the checked runs and the baseline have, the change of the mean, and a regression when it is worse than
 * {@code maxRegressionPercent} and significant at {@code alpha} ({@link GateSignificance} picks the test by sample size).
 *
 * @param maxRegressionPercent the largest tolerated loss, in percent of the baseline (5 means 5 %), 0 or more
 * @param alpha                significance level, in (0, 1)
 * @param failOn               warning ids ({@code page-cache}) that fail the gate on a row whose runs carry them
 */
public record RegressionGate(double maxRegressionPercent, double alpha, Set<String> failOn) {
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
        failOn = Set.copyOf(failOn);
    }

    public RegressionGate(double maxRegressionPercent, double alpha) {
        this(maxRegressionPercent, alpha, Set.of());
    }

    /** Judges {@code candidate} against {@code baseline}; a run may be on both sides (it then cannot regress). */
    public GateResult check(List<Sample> candidate, List<Sample> baseline, Metric metric) {
        List<Sample> both = new ArrayList<>(candidate);
        both.addAll(baseline);
        Function<Sample, WorkloadKey> identities = RowIdentities.of(both);
        Map<WorkloadKey, double[]> c = byWorkload(candidate, identities, metric);
        Map<WorkloadKey, double[]> b = byWorkload(baseline, identities, metric);
        Direction direction = metric.direction();
        TrustMarks marks = TrustMarks.of(both, identities);
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
            double detectable = j.test() == GateSignificance.NONE ? Double.NaN : detectableLossPercent(base, cand);
            var warnings = marks.of(e.getKey());
            GateRow.Verdict verdict = j.test() == GateSignificance.NONE ? GateRow.Verdict.NOT_JUDGED
                    : j.pValue() < alpha && gain < -maxRegressionPercent ? GateRow.Verdict.REGRESSED
                    : maxRegressionPercent > 0 && !(detectable <= maxRegressionPercent)
                    ? GateRow.Verdict.INCONCLUSIVE : GateRow.Verdict.OK;
            if (warnings.keySet().stream().anyMatch(failOn::contains)) {
                verdict = GateRow.Verdict.FAILED_ON_FINDING;
            }
            rows.add(new GateRow(e.getKey(), bs, cs, gain, j, verdict, detectable, warnings));
        }
        List<WorkloadKey> onlyCandidate = c.keySet().stream().filter(k -> !b.containsKey(k)).toList();
        List<WorkloadKey> onlyBaseline = b.keySet().stream().filter(k -> !c.containsKey(k)).toList();
        return new GateResult(this, metric, rows, onlyCandidate, onlyBaseline);
    }

    /**
     * The smallest loss of the mean, in percent, that these repetitions could tell from noise at alpha: a change of
     * the geometric mean by the half-width of the (1 - alpha) interval of the log ratio, as the t-tests on log values
     * compute it (Welch's standard error and degrees of freedom; one against several: the prediction's), so that a
     * true loss of this size would be significant about half the time. NaN where no interval exists.
     */
    double detectableLossPercent(double[] base, double[] candidate) {
        double[] b = Arrays.stream(base).map(Math::log).toArray();
        double[] c = Arrays.stream(candidate).map(Math::log).toArray();
        if (Arrays.stream(base).anyMatch(v -> !(v > 0))
                || Arrays.stream(candidate).anyMatch(v -> !(v > 0))) {
            return Double.NaN;
        }
        double se;
        double df;
        if (b.length >= 2 && c.length >= 2) {
            double v1 = StatUtils.variance(b) / b.length;
            double v2 = StatUtils.variance(c) / c.length;
            se = Math.sqrt(v1 + v2);
            df = (v1 + v2) * (v1 + v2) / (v1 * v1 / (b.length - 1) + v2 * v2 / (c.length - 1));
        } else {
            double[] many = b.length == 1 ? c : b;
            if (many.length < 3) {
                return Double.NaN;
            }
            se = Math.sqrt(StatUtils.variance(many)) * Math.sqrt(1 + 1.0 / many.length);
            df = many.length - 1;
        }
        if (se == 0) {
            return 0;
        }
        if (!(df > 0)) {
            return Double.NaN;
        }
        double half = new TDistribution(df)
                .inverseCumulativeProbability(1 - alpha / 2) * se;
        return (1 - Math.exp(-half)) * 100;
    }

    /** Per test identity, one value per repetition (a parallel group's aggregate), as {@code compare} has them. */
    private static Map<WorkloadKey, double[]> byWorkload(List<Sample> samples,
                                                         Function<Sample, WorkloadKey> identities,
                                                         Metric metric) {
        Map<WorkloadKey, List<Sample>> m = new TreeMap<>();
        samples.forEach(s -> m.computeIfAbsent(identities.apply(s), k -> new ArrayList<>()).add(s));
        Map<WorkloadKey, double[]> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, CellValues.of(v, metric, true).values()));
        return out;
    }
}
