package org.iobench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SparklineTest {
    @Test
    void eachValueIsOneCharacterFromLowestToHighestWithAMarkBeforeEachChange() {
        assertThat(Sparkline.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, List.of(4), 72)).isEqualTo("▁▂▃▄│▅▆▇█");
        assertThat(Sparkline.of(new double[] {5, 5, 5}, List.of(), 72)).isEqualTo("▅▅▅");
        assertThat(Sparkline.of(new double[] {1, Double.NaN, 3}, List.of(), 72)).isEqualTo("▁ █");
    }

    @Test
    void longSeriesAreAveragedIntoTheWidthAndTheMarkLandsOnTheCharacterHoldingTheChange() {
        double[] values = new double[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i < 500 ? 10 : 20;
        }
        String s = Sparkline.of(values, List.of(500), 50);
        assertThat(s).hasSize(51).isEqualTo("▁".repeat(25) + "│" + "█".repeat(25));
    }
}
