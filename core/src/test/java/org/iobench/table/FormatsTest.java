package org.iobench.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FormatsTest {

    @Test
    void fixedUsesAPointAndNoGrouping() {
        assertThat(Formats.fixed(57965.4, 0)).isEqualTo("57965");
        assertThat(Formats.fixed(1.375, 2)).isEqualTo("1.38");
    }

    @Test
    void absentValuesAreSpelledOut() {
        assertThat(Formats.fixed(Double.NaN, 2)).isEqualTo("n/a");
        assertThat(Formats.signedPercent(Double.NaN, 1)).isEqualTo("n/a");
        assertThat(Formats.pValue(Double.NaN)).isEqualTo("n/a");
    }

    @Test
    void percentagesCarryTheirSign() {
        assertThat(Formats.signedPercent(32.07, 1)).isEqualTo("+32.1%");
        assertThat(Formats.signedPercent(-0.19, 1)).isEqualTo("-0.2%");
    }

    @Test
    void tinyPValuesAreBounded() {
        assertThat(Formats.pValue(0.0286)).isEqualTo("0.029");
        assertThat(Formats.pValue(6e-8)).isEqualTo("<0.001");
    }

    @Test
    void decimalsKeepThreeSignificantDigitsOfTheSmallestValue() {
        assertThat(Formats.decimalsFor(317, 58550)).isZero();
        assertThat(Formats.decimalsFor(15.5, 100)).isEqualTo(1);
        assertThat(Formats.decimalsFor(1.38, 8.28)).isEqualTo(2);
        assertThat(Formats.decimalsFor(0.0123)).isEqualTo(4);
        assertThat(Formats.decimalsFor(Double.NaN, 0)).isEqualTo(2);
    }

    @Test
    void plainNumbersNeverUseAnExponent() {
        assertThat(Formats.plain(318.0)).isEqualTo("318");
        assertThat(Formats.plain(6.4e-8)).isEqualTo("0.000000064");
        assertThat(Formats.plain(-0.0)).isEqualTo("0");
        assertThat(Formats.plain(Double.NaN)).isEmpty();
    }
}
