package org.iobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.iobench.table.Golden;
import org.iobench.table.Table;
import org.iobench.table.TableFormat;
import org.junit.jupiter.api.Test;

class Story004TableTest {

    @Test
    void welchReproducesThePostsGainsAndMarksTheFlatBlockSizesNotSignificant() {
        AbComparison c = AbComparison.of(Story004.inputs(),
                AbOptions.defaults(Direction.HIGHER_IS_BETTER).withTest(SignificanceTest.WELCH_T));

        // The post's "real math gain": +32,1% +33,2% +31,6% +33,2% +38,3% +15,1% -0,2% +0,1% +0,4%
        // (the last two were computed from rounded averages; from the means they are +0.17 and +0.47).
        assertThat(c.rows()).extracting(AbRow::gainPercent).satisfiesExactly(
                g -> assertThat(g).isCloseTo(32.08, within(0.01)),
                g -> assertThat(g).isCloseTo(33.22, within(0.01)),
                g -> assertThat(g).isCloseTo(31.62, within(0.01)),
                g -> assertThat(g).isCloseTo(33.20, within(0.01)),
                g -> assertThat(g).isCloseTo(38.34, within(0.01)),
                g -> assertThat(g).isCloseTo(15.09, within(0.01)),
                g -> assertThat(g).isCloseTo(-0.19, within(0.01)),
                g -> assertThat(g).isCloseTo(0.17, within(0.01)),
                g -> assertThat(g).isCloseTo(0.47, within(0.01)));
        assertThat(c.rows()).extracting(AbRow::significant)
                .containsExactly(true, true, true, true, true, true, false, false, false);
        // scipy.stats.gmean of the new/base ratios: 1.19405135
        assertThat(c.geomean().gainPercent()).isCloseTo(19.405, within(0.001));
    }

    @Test
    void storyTableRendersAsLkmlStyleText() {
        Golden.assertMatches(TableFormat.TEXT.writer().render(welchTable()), "report/golden/story004-welch.txt");
    }

    @Test
    void storyTableRendersAsMarkdown() {
        Golden.assertMatches(TableFormat.MARKDOWN.writer().render(welchTable()), "report/golden/story004-welch.md");
    }

    @Test
    void storyTableRendersAsCsvAndJsonWithTheNumbersBehindTheText() {
        Golden.assertMatches(TableFormat.CSV.writer().render(welchTable()), "report/golden/story004-welch.csv");
        Golden.assertMatches(TableFormat.JSON.writer().render(welchTable()), "report/golden/story004-welch.json");
    }

    @Test
    void withTheDefaultMannWhitneyTestThreeRunsCanNeverBeSignificantAndTheTableSaysSo() {
        AbComparison c = AbComparison.of(Story004.inputs(), AbOptions.defaults(Direction.HIGHER_IS_BETTER));
        Table table = Story004.layout().toTable(c);

        assertThat(c.rows()).noneMatch(AbRow::significant);
        Golden.assertMatches(TableFormat.TEXT.writer().render(table), "report/golden/story004-mannwhitney.txt");
    }

    private static Table welchTable() {
        return Story004.layout().toTable(AbComparison.of(Story004.inputs(),
                AbOptions.defaults(Direction.HIGHER_IS_BETTER).withTest(SignificanceTest.WELCH_T)));
    }
}
