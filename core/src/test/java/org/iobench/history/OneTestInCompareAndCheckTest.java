package org.iobench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.iobench.compare.AbComparison;
import org.iobench.compare.AbInput;
import org.iobench.compare.AbOptions;
import org.iobench.compare.AbRow;
import org.iobench.compare.Direction;
import org.iobench.compare.SignificanceTest;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: {@code compare} and {@code check} both said "Welch's t-test" on the same runs and printed different
 * p-values (0.074 against 0.083: one tested log values, the other raw values). One rule now picks the test for both.
 */
class OneTestInCompareAndCheckTest {
    @Property(tries = 300, seed = "25")
    void compareAndCheckGiveTheSameTestAndPValueForTheSameRuns(
            @ForAll @Size(min = 1, max = 9) List<@DoubleRange(min = 1, max = 1000) Double> base,
            @ForAll @Size(min = 1, max = 9) List<@DoubleRange(min = 1, max = 1000) Double> candidate) {
        double[] b = base.stream().mapToDouble(Double::doubleValue).toArray();
        double[] c = candidate.stream().mapToDouble(Double::doubleValue).toArray();
        AbRow row = AbComparison.of(List.of(new AbInput("w", b, c)),
                AbOptions.defaults(Direction.HIGHER_IS_BETTER).withTest(SignificanceTest.AUTOMATIC)).rows().getFirst();
        GateSignificance.Judgement j = GateSignificance.judge(b, c, AbOptions.DEFAULT_ALPHA);
        if (Double.isNaN(row.test().pValue())) {
            assertThat(j.test()).isEqualTo(GateSignificance.NONE);
        } else {
            assertThat(j.pValue()).isEqualTo(row.test().pValue());
            assertThat(j.test().title()).isEqualTo(row.test().test().label());
        }
    }

    @Test
    void threeAgainstThreeRunsAreWelchOnLogValuesInBoth() {
        double[] b = {100, 104, 97};
        double[] c = {92, 99, 95};
        AbRow row = AbComparison.of(List.of(new AbInput("w", b, c)),
                AbOptions.defaults(Direction.HIGHER_IS_BETTER).withTest(SignificanceTest.AUTOMATIC)).rows().getFirst();
        assertThat(row.test().test()).isEqualTo(SignificanceTest.WELCH_T_LOG);
        assertThat(GateSignificance.judge(b, c, 0.05).pValue()).isEqualTo(row.test().pValue());
    }
}
