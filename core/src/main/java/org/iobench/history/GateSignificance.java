package org.iobench.history;

import java.util.Arrays;
import java.util.stream.DoubleStream;
import org.iobench.compare.PValueMethod;
import org.iobench.compare.SignificanceTest;
import org.iobench.compare.TestResult;

/**
 * The test {@code iobench check} judged a workload with, as its table names it. The choice is {@code compare}'s
 * ({@link SignificanceTest#choose}): the same runs get the same test and p-value in both commands.
 * <ol>
 *   <li>Mann-Whitney U when both sides have 4 or more repetitions and its smallest possible p-value at these
 *       sizes, {@code 2 / C(n1 + n2, n1)}, is at most alpha;</li>
 *   <li>else Welch's t-test on log values when both sides have two or more repetitions with some spread;</li>
 *   <li>else, when one side has a single repetition and the other three or more, the prediction t-test on log
 *       values: is the single value outside what the other side's mean and spread predict for one new value;</li>
 *   <li>else nothing can be judged (1 + 1, 1 + 2, or no spread at all).</li>
 * </ol>
 */
public enum GateSignificance {
    MANN_WHITNEY_U("Mann-Whitney U", "U"),
    WELCH_T_LOG("Welch's t-test on log values", "t"),
    PREDICTION_T_LOG("prediction t-test on log values", "t1"),
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
        TestResult r = SignificanceTest.AUTOMATIC.test(base, candidate, alpha);
        if (r.method() != PValueMethod.UNDEFINED) {
            return new Judgement(switch (r.test()) {
                case MANN_WHITNEY_U -> MANN_WHITNEY_U;
                case PREDICTION_T_LOG -> PREDICTION_T_LOG;
                default -> WELCH_T_LOG;
            }, r.pValue(), null);
        }
        if (DoubleStream.concat(Arrays.stream(base), Arrays.stream(candidate))
                .anyMatch(v -> v <= 0)) {
            return none("a repetition's value is not positive (the test is on log values)");
        }
        if (r.test() == SignificanceTest.PREDICTION_T_LOG) {
            return none("the " + Math.max(n1, n2) + " repetitions of the other side have no spread to judge against");
        }
        if (n1 >= 2 && n2 >= 2) {
            return none("every repetition on each side gave the same value");
        }
        return none("too few repetitions to judge (" + n1 + " + " + n2 + "; 2 + 2 or 1 + 3 at least)");
    }

    private static Judgement none(String reason) {
        return new Judgement(NONE, Double.NaN, reason);
    }
}
