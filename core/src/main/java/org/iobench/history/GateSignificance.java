package org.iobench.history;

import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;
import org.hipparchus.util.CombinatoricsUtils;
import org.iobench.compare.MannWhitneyU;
import org.iobench.compare.PValueMethod;
import org.iobench.compare.TestResult;
import org.iobench.compare.WelchT;

/**
 * How {@code iobench check} judges whether a difference is significant, chosen by the sample sizes so that small
 * samples are judged at all (the Mann-Whitney U test of {@code compare} cannot reach 0.05 with 3 + 3 runs):
 * <ol>
 *   <li>Mann-Whitney U when its smallest possible p-value at these sizes, {@code 2 / C(n1 + n2, n1)}, is at most
 *       alpha (4 + 4 repetitions, 3 + 5, 2 + 8, 1 + 39 at alpha 0.05);</li>
 *   <li>else Welch's t-test when both sides have two or more repetitions with some spread;</li>
 *   <li>else, when one side has a single repetition and the other three or more, the prediction t-test: is the
 *       single value outside what the other side's mean and spread predict for one new value,
 *       {@code t = (x - mean) / (s · sqrt(1 + 1/n))} with {@code n - 1} degrees of freedom;</li>
 *   <li>else nothing can be judged (1 + 1, 1 + 2, or no spread at all).</li>
 * </ol>
 */
public enum GateSignificance {
    MANN_WHITNEY_U("Mann-Whitney U", "U"),
    WELCH_T("Welch's t-test", "t"),
    PREDICTION_T("prediction t-test", "t1"),
    NONE("no test", "-");

    private final String title;
    private final String symbol;

    GateSignificance(String title, String symbol) {
        this.title = title;
        this.symbol = symbol;
    }

    public String title() {
        return title;
    }

    /** Short form for table cells: {@code U}, {@code t}, {@code t1}, {@code -}. */
    public String symbol() {
        return symbol;
    }

    /** The test chosen, its two-sided p-value (NaN for none) and, when none, why. */
    public record Judgement(GateSignificance test, double pValue, String reason) {}

    /** Picks the test for these sizes and runs it; never throws for small or constant samples. */
    public static Judgement judge(double[] base, double[] candidate, double alpha) {
        int n1 = base.length;
        int n2 = candidate.length;
        if (n1 == 0 || n2 == 0) {
            return none("no repetitions on one side");
        }
        double floor = 2 / CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n1);
        if (floor <= alpha) {
            return of(MANN_WHITNEY_U, MannWhitneyU.test(base, candidate));
        }
        if (n1 >= 2 && n2 >= 2) {
            TestResult t = WelchT.test(base, candidate);
            return t.method() == PValueMethod.UNDEFINED ? none("every repetition on each side gave the same value")
                    : of(WELCH_T, t);
        }
        if (Math.min(n1, n2) == 1 && Math.max(n1, n2) >= 3) {
            double[] many = n1 == 1 ? candidate : base;
            double single = n1 == 1 ? base[0] : candidate[0];
            double sd = Math.sqrt(StatUtils.variance(many));
            if (sd == 0) {
                return none("the " + many.length + " repetitions of the other side have no spread to judge against");
            }
            double t = (single - StatUtils.mean(many)) / (sd * Math.sqrt(1 + 1.0 / many.length));
            double p = 2 * new TDistribution(many.length - 1).cumulativeProbability(-Math.abs(t));
            return new Judgement(PREDICTION_T, Math.min(1, p), null);
        }
        return none("too few repetitions to judge (" + n1 + " + " + n2 + "; 2 + 2 or 1 + 3 at least)");
    }

    private static Judgement of(GateSignificance test, TestResult r) {
        return new Judgement(test, r.pValue(), null);
    }

    private static Judgement none(String reason) {
        return new Judgement(NONE, Double.NaN, reason);
    }
}
