package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class VariantSummaryTest {

    @Test
    void meanMedianStdDevAndStudentConfidenceIntervalOfKnownSamples() {
        VariantSummary s = VariantSummary.of(List.of(10.0, 12.0, 11.0, 13.0, 9.0));
        assertThat(s.n()).isEqualTo(5);
        assertThat(s.meanNanosPerOp()).isEqualTo(11.0);
        assertThat(s.medianNanosPerOp()).isEqualTo(11.0);
        assertThat(s.stdDevNanosPerOp()).isCloseTo(Math.sqrt(2.5), within(1e-12));
        assertThat(s.ci95NanosPerOp()).isCloseTo(2.7764 * Math.sqrt(2.5) / Math.sqrt(5), within(1e-9));
        assertThat(s.minNanosPerOp()).isEqualTo(9.0);
        assertThat(s.maxNanosPerOp()).isEqualTo(13.0);
        assertThat(s.ciLowNanosPerOp()).isLessThan(11.0);
        assertThat(s.ciHighNanosPerOp()).isGreaterThan(11.0);
        assertThat(s.upperOutliers()).isZero();
    }

    @Test
    void upperOutliersAreLeftOutOfTheMeanButNotOutOfMedianAndMax() {
        // Q1 = 10, Q3 = 11, fence = 12.5: the descheduled 100 is out, the fast 8 stays
        VariantSummary s = VariantSummary.of(List.of(10.0, 11.0, 10.0, 100.0, 11.0, 8.0, 10.0, 11.0, 11.0));
        assertThat(s.upperOutliers()).isEqualTo(1);
        assertThat(s.n()).isEqualTo(9);
        assertThat(s.meanNanosPerOp()).isEqualTo(82.0 / 8);
        assertThat(s.maxNanosPerOp()).isEqualTo(100.0);
        assertThat(s.minNanosPerOp()).isEqualTo(8.0);
        assertThat(s.medianNanosPerOp()).isEqualTo(11.0);
    }

    @Test
    void fewSamplesAreNeverTreatedAsOutliers() {
        assertThat(VariantSummary.of(List.of(10.0, 10.0, 10.0, 100.0)).upperOutliers()).isZero();
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(VariantSummary.of(List.of(4.0, 1.0, 3.0, 2.0)).medianNanosPerOp()).isEqualTo(2.5);
    }

    @Test
    void oneSampleHasAMeanButNoSpread() {
        VariantSummary s = VariantSummary.of(List.of(7.0));
        assertThat(s.meanNanosPerOp()).isEqualTo(7.0);
        assertThat(s.stdDevNanosPerOp()).isNaN();
        assertThat(s.ci95NanosPerOp()).isNaN();
        assertThat(s.relativeCi95()).isNaN();
    }

    @Test
    void noSamplesGiveNaNEverywhereInsteadOfAnException() {
        VariantSummary s = VariantSummary.of(List.of());
        assertThat(s.n()).isZero();
        assertThat(s.meanNanosPerOp()).isNaN();
        assertThat(s.medianNanosPerOp()).isNaN();
        assertThat(s.minNanosPerOp()).isNaN();
    }
}
