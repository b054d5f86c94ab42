package org.iobench.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteResultTest {

    private final SuiteResult r = Fixtures.intsSuite();

    @Test
    void theFastestMeanIsOneAndOthersAreRatiosToIt() {
        assertThat(r.fastest()).map(VariantResult::name).contains("for");
        assertThat(r.variant("for").ratio()).isEqualTo(1.0);
        assertThat(r.variant("for").ratioError()).isZero();
        assertThat(r.variant("stream").ratio()).isCloseTo(98.125 / 12.25, within(1e-12));
    }

    @Test
    void ratioUncertaintyAddsRelativeConfidenceIntervalsInQuadrature() {
        VariantResult f = r.variant("for");
        VariantResult s = r.variant("stream");
        double relF = f.ci95NanosPerOp() / f.meanNanosPerOp();
        double relS = s.ci95NanosPerOp() / s.meanNanosPerOp();
        assertThat(s.ratioError()).isCloseTo(s.ratio() * Math.sqrt(relF * relF + relS * relS), within(1e-12));
    }

    @Test
    void variantsWithoutSamplesHaveNaNRatiosAndNoFastest() {
        SuiteResult none = SuiteResult.of("x", Settings.DEFAULTS, false, 25,
                List.of(new Measurement("a", 0, List.of(), List.of())), List.of());
        assertThat(none.fastest()).isEmpty();
        assertThat(none.variant("a").ratio()).isNaN();
        assertThat(none.variant("a").ratioError()).isNaN();
    }
}
