package org.iobench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.iobench.job.SteadyCriterion;
import org.junit.jupiter.api.Test;

/** fio's slope criterion: the window's least-squares slope over its mean. */
class SteadySlopeTest {
    @Test
    void aFlatButNoisyWindowIsSteadyByItsSlopeAndNotByItsDeviation() {
        SteadyCriterion slope = new SteadyCriterion(SteadyCriterion.Metric.IOPS, 0.03, 4_000_000_000L, 0, true);
        SteadyState byslope = new SteadyState(slope, 1_000_000_000L);
        SteadyState bydev = new SteadyState(new SteadyCriterion(SteadyCriterion.Metric.IOPS, 0.03, 4_000_000_000L),
                1_000_000_000L);
        double[] values = {100, 110, 90, 100}; // slope -2 per second: 2 % of the mean 100; deviation 10 %
        boolean s = false;
        boolean d = false;
        for (double v : values) {
            s = byslope.add(v);
            d = bydev.add(v);
        }
        assertThat(s).isTrue();
        assertThat(d).isFalse();
        SteadyState rising = new SteadyState(slope, 1_000_000_000L);
        for (double v : new double[] {100, 105, 110, 115}) {
            s = rising.add(v);
        }
        assertThat(s).as("5 per second over a mean of 107.5").isFalse();
        assertThat(slope.label()).isEqualTo("iops_slope:3%");
    }
}
